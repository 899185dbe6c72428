import Foundation
import RoamMail
import RoamRuntime
import RoamTesting
import Testing

/// Both mail outboxes hold to one contract.
@Suite struct MailQueueContractTests {
    /// A schema of the test's own on the shared test database: `claim` takes every due mail in it.
    static func migrator(schema: String) -> Migrator {
        Migrator(
            schema: schema,
            migrations: [
                Migration(1, "Users", ["CREATE TABLE \(schema).users (id uuid PRIMARY KEY)"]),
                Migration(2, "MailOutbox", PostgresMailQueue.creationStatements(schema: schema, users: "users")),
                Migration(3, "MailWakeUps", PostgresMailWakeUps.creationStatements(schema: schema)),
            ])
    }

    static func withQueue(_ kind: StoreKind, _ body: @Sendable (any MailQueue) async throws -> Void) async throws {
        let schema = "mailtest_\(UUID().uuidString.prefix(8).lowercased())"
        try await kind.with(
            memory: { InMemoryMailQueue() as any MailQueue }, migrator: migrator(schema: schema),
            postgres: { PostgresMailQueue(database: $0, schema: schema) }, body)
    }

    static func mail(to recipient: String, kind: String = "verifyEmail", at time: Date = Date()) -> QueuedMail {
        QueuedMail(
            id: .v7(at: time), userID: nil, kind: kind, recipient: recipient, language: "sv", fields: ["link": "https://x/?token=\(UUID())"],
            createdAt: time)
    }

    @Test(arguments: StoreKind.allCases)
    func aClaimedMailIsNobodyElsesUntilItsLeaseEnds(_ kind: StoreKind) async throws {
        try await Self.withQueue(kind) { queue in
            let now = Date()
            let mail = Self.mail(to: "ada@example.com", at: now)
            try await queue.enqueue(mail)
            let claimed = try await queue.claim(at: now, lease: .seconds(60), limit: 10)
            #expect(claimed.map(\.id) == [mail.id] && claimed.first?.attempts == 1)
            #expect(claimed.first?.fields == mail.fields && claimed.first?.language == "sv")
            #expect(try await queue.claim(at: now.addingTimeInterval(59), lease: .seconds(60), limit: 10).isEmpty)
            // A replica that died with it: the mail is due again after the lease.
            #expect(try await queue.claim(at: now.addingTimeInterval(61), lease: .seconds(60), limit: 10).first?.attempts == 2)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func replicasClaimingAtOnceEachTakeOtherMails(_ kind: StoreKind) async throws {
        try await Self.withQueue(kind) { queue in
            let now = Date()
            for index in 0..<60 { try await queue.enqueue(Self.mail(to: "u\(index)@example.com", at: now)) }
            let claims = try await withThrowingTaskGroup(of: [UUID].self) { group in
                for _ in 0..<4 { group.addTask { try await queue.claim(at: now, lease: .seconds(60), limit: 20).map(\.id) } }
                return try await group.reduce(into: []) { $0 += $1 }
            }
            #expect(claims.count == 60 && Set(claims).count == 60)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func sentAndFailedMailsForgetTheirFieldsAndCountInTheTotals(_ kind: StoreKind) async throws {
        try await Self.withQueue(kind) { queue in
            let now = Date()
            let sent = Self.mail(to: "ben@example.com", at: now)
            let failed = Self.mail(to: "ben@example.com", kind: "resetPassword", at: now.addingTimeInterval(1))
            let waiting = Self.mail(to: "cy@example.com", at: now.addingTimeInterval(2))
            for mail in [sent, failed, waiting] { try await queue.enqueue(mail) }
            _ = try await queue.claim(at: now.addingTimeInterval(3), lease: .seconds(60), limit: 10)
            try await queue.markSent(sent.id, at: now.addingTimeInterval(4))
            try await queue.markFailed(failed.id, at: now.addingTimeInterval(4), error: "RCPT TO: 550 no such mailbox")
            try await queue.postpone(waiting.id, until: now.addingTimeInterval(100), error: "connection refused")
            #expect(try await queue.mails(to: "ben@example.com", limit: 10).allSatisfy { $0.fields.isEmpty })
            #expect(try await queue.mails(to: "cy@example.com", limit: 10).first?.fields == waiting.fields)
            #expect(try await queue.totals() == [.pending: 1, .sent: 1, .failed: 1])
            let failures = try await queue.records(status: .failed, limit: 10)
            #expect(failures.map(\.id) == [failed.id] && failures.first?.lastError == "RCPT TO: 550 no such mailbox")
            #expect(try await queue.records(status: .pending, limit: 10).first?.lastError == "connection refused")
            #expect(try await queue.claim(at: now.addingTimeInterval(99), lease: .seconds(60), limit: 10).isEmpty)
            #expect(try await queue.claim(at: now.addingTimeInterval(100), lease: .seconds(60), limit: 10).map(\.id) == [waiting.id])
            try await queue.forgetSettled(before: now.addingTimeInterval(5))
            #expect(try await queue.totals() == [.pending: 1, .sent: 0, .failed: 0])
        }
    }

    @Test(arguments: StoreKind.allCases)
    func countsMailsOfAKindToAnAddressWithinAnHour(_ kind: StoreKind) async throws {
        try await Self.withQueue(kind) { queue in
            let now = Date()
            try await queue.enqueue(Self.mail(to: "di@example.com", at: now.addingTimeInterval(-4000)))
            try await queue.enqueue(Self.mail(to: "di@example.com", at: now.addingTimeInterval(-100)))
            try await queue.enqueue(Self.mail(to: "di@example.com", kind: "resetPassword", at: now))
            try await queue.enqueue(Self.mail(to: "ed@example.com", at: now))
            #expect(try await queue.count(kind: "verifyEmail", recipient: "di@example.com", since: now.addingTimeInterval(-3600)) == 1)
        }
    }
}
