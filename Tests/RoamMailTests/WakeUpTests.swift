import Foundation
import Logging
import RoamRuntime
import RoamTesting
import Testing

@testable import RoamMail

/// A queued mail wakes the worker at once, in memory and across replicas through PostgreSQL.
@Suite struct MailWakeUpTests {
    @Test func aSignalEndsTheWaitAndOneThatCameBeforeIsKept() async throws {
        // Limits far beyond what a loaded machine's scheduling delays (seconds at the suite's start) add.
        let wakeUp = WakeUp()
        wakeUp.signal()
        let clock = ContinuousClock()
        #expect(await clock.measure { await wakeUp.wait(upTo: .seconds(600)) } < .seconds(300))
        Task {
            try await Task.sleep(for: .milliseconds(200))
            wakeUp.signal()
        }
        #expect(await clock.measure { await wakeUp.wait(upTo: .seconds(600)) } < .seconds(300))
        // Without a signal it waits its whole limit.
        #expect(await clock.measure { await wakeUp.wait(upTo: .milliseconds(300)) } >= .milliseconds(300))
    }

    @Test func theWorkerSendsAQueuedMailLongBeforeItsNextLook() async throws {
        let server = try await SMTPTestServer.shared()
        let queue = InMemoryMailQueue()
        let composer = try await MailComposer(from: SMTPClientTests.from, product: "Roam", publicURL: "https://roam.test")
        let client = try SMTPClient(server: try SMTPServer.parse(server.url).get(), trustRoots: server.certificateAuthority)
        let delivery = MailDelivery(
            queue: queue, composer: composer, transport: SMTPMailTransport(client: client), wakeUp: queue.queued, interval: .seconds(600),
            logger: Logger(label: "mail"))
        let worker = Task { try await delivery.run() }
        defer { worker.cancel() }
        try await Task.sleep(for: .milliseconds(300))
        let recipient = "woken_\(UUID().uuidString.prefix(8).lowercased())@example.com"
        queue.enqueue(MailDeliveryTests.mail(to: recipient))
        #expect(try await server.mails(to: recipient, within: .seconds(300)).count == 1)
    }

    @Test func anInsertOnAnyReplicaWakesTheListener() async throws {
        let schema = "mailwake_\(UUID().uuidString.prefix(8).lowercased())"
        try await StoreKind.postgres.with(
            memory: { () -> Database? in nil }, migrator: MailQueueContractTests.migrator(schema: schema), postgres: { $0 as Database? }
        ) { database in
            let database = try #require(database)
            let wakeUp = WakeUp()
            let listener = Task {
                try await PostgresMailWakeUps(database: database, schema: schema, wakeUp: wakeUp, logger: Logger(label: "test")).run()
            }
            defer { listener.cancel() }
            // The first signal says it listens; after it, only the insert can end the wait early.
            await wakeUp.wait(upTo: .seconds(120))
            try await Task.sleep(for: .milliseconds(200))
            try await PostgresMailQueue(database: database, schema: schema).enqueue(MailQueueContractTests.mail(to: "any@example.com"))
            #expect(await ContinuousClock().measure { await wakeUp.wait(upTo: .seconds(600)) } < .seconds(300))
        }
    }
}
