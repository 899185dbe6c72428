import Foundation
import RoamRuntime
import Synchronization

/// The mail outbox of a process on in-memory stores (development, tests).
public final class InMemoryMailQueue: MailQueue {
    struct Entry {
        var mail: QueuedMail
        var nextAttemptAt: Date
        var sentAt: Date?
        var failedAt: Date?
        var lastError: String?

        var status: MailRecord.Status { sentAt != nil ? .sent : failedAt != nil ? .failed : .pending }
    }

    private let entries = Mutex<[Entry]>([])
    /// Signalled on every mail queued, for the worker.
    public let queued = WakeUp()

    public init() {}

    public func enqueue(_ mail: QueuedMail) {
        entries.withLock { $0.append(Entry(mail: mail, nextAttemptAt: mail.createdAt)) }
        queued.signal()
    }

    public func claim(at time: Date, lease: Duration, limit: Int) -> [QueuedMail] {
        entries.withLock { entries in
            var claimed: [QueuedMail] = []
            for index in entries.indices where claimed.count < limit && entries[index].status == .pending && entries[index].nextAttemptAt <= time {
                entries[index].mail.attempts += 1
                entries[index].nextAttemptAt = time.adding(lease)
                claimed.append(entries[index].mail)
            }
            return claimed
        }
    }

    public func markSent(_ id: UUID, at time: Date) {
        update(id) { entry in
            entry.sentAt = time
            entry.mail.fields = [:]
            entry.lastError = nil
        }
    }

    public func postpone(_ id: UUID, until time: Date, error: String) {
        update(id) { entry in
            entry.nextAttemptAt = time
            entry.lastError = error
        }
    }

    public func markFailed(_ id: UUID, at time: Date, error: String) {
        update(id) { entry in
            entry.failedAt = time
            entry.mail.fields = [:]
            entry.lastError = error
        }
    }

    public func count(kind: String, recipient: String, since time: Date) -> Int {
        entries.withLock { $0.filter { $0.mail.kind == kind && $0.mail.recipient == recipient && $0.mail.createdAt >= time }.count }
    }

    public func mails(to recipient: String, limit: Int) -> [QueuedMail] {
        entries.withLock { Array($0.reversed().lazy.map(\.mail).filter { $0.recipient == recipient }.prefix(limit)) }
    }

    public func records(status: MailRecord.Status?, limit: Int) -> [MailRecord] {
        entries.withLock { entries in
            entries.reversed().filter { status == nil || $0.status == status }.prefix(limit).map { entry in
                MailRecord(
                    id: entry.mail.id, kind: entry.mail.kind, recipient: entry.mail.recipient, status: entry.status,
                    attempts: entry.mail.attempts, createdAt: entry.mail.createdAt, settledAt: entry.sentAt ?? entry.failedAt,
                    lastError: entry.lastError)
            }
        }
    }

    public func totals() -> [MailRecord.Status: Int] {
        entries.withLock { entries in
            Dictionary(grouping: entries, by: \.status).mapValues(\.count).merging(MailRecord.Status.allCases.map { ($0, 0) }) { kept, _ in kept }
        }
    }

    public func forgetSettled(before time: Date) {
        entries.withLock { $0.removeAll { ($0.sentAt ?? $0.failedAt).map { $0 < time } ?? false } }
    }

    /// Forgets the mails of a deleted account (PostgreSQL does it through the foreign key).
    public func forget(userID: UUID) {
        entries.withLock { $0.removeAll { $0.mail.userID == userID } }
    }

    private func update(_ id: UUID, _ change: (inout Entry) -> Void) {
        entries.withLock { entries in
            if let index = entries.firstIndex(where: { $0.mail.id == id }) { change(&entries[index]) }
        }
    }
}
