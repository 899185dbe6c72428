import Foundation
import RoamMail

/// Account mails as the shared mail outbox holds them.
public struct QueuedOutgoingMail: OutgoingMailRepository {
    let queue: any MailQueue

    public init(queue: any MailQueue) {
        self.queue = queue
    }

    public func count(of kind: Mail.Kind, to address: String, since time: Date) async throws -> Int {
        try await queue.count(kind: kind.rawValue, recipient: address, since: time)
    }

    public func queue(_ mail: Mail) async throws {
        try await queue.enqueue(mail.queued)
    }

    public func mails(to address: String) async throws -> [Mail] {
        try await queue.mails(to: address, limit: 100).compactMap(Mail.init(queued:))
    }
}
