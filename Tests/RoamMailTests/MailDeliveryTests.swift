import Foundation
import Logging
import RoamTesting
import Testing

@testable import RoamMail

/// The worker that sends the mail outbox, against a real SMTP server.
@Suite struct MailDeliveryTests {
    static func delivery(_ queue: any MailQueue, _ server: SMTPTestServer, longestPause: Duration = .seconds(1)) async throws -> MailDelivery {
        let composer = try await MailComposer(from: SMTPClientTests.from, product: "Roam", publicURL: "https://roam.test")
        let client = try SMTPClient(server: try SMTPServer.parse(server.url).get(), trustRoots: server.certificateAuthority, timeLimit: .seconds(20))
        return MailDelivery(
            queue: queue, composer: composer, transport: SMTPMailTransport(client: client), longestPause: longestPause,
            logger: Logger(label: "mail"))
    }

    static func mail(to recipient: String, kind: String = "verifyEmail") -> QueuedMail {
        QueuedMail(
            id: UUID(), userID: UUID(), kind: kind, recipient: recipient, language: "",
            fields: ["username": "ada", "link": "https://roam.test/verify-email?token=t0k3n", "token": "t0k3n"], createdAt: Date())
    }

    @Test func sendsAQueuedMailOnceAndForgetsItsLink() async throws {
        let server = try await SMTPTestServer.shared()
        let queue = InMemoryMailQueue()
        queue.enqueue(Self.mail(to: "ada@example.com"))
        let delivery = try await Self.delivery(queue, server)
        #expect(try await delivery.deliverDue() == 1)
        #expect(try await delivery.deliverDue() == 0)
        let mails = try server.received().filter { $0.rcptTos.contains("ada@example.com") }
        #expect(mails.count == 1)
        #expect(mails.first?.link(startingWith: "https://roam.test/verify-email") == "https://roam.test/verify-email?token=t0k3n")
        #expect(mails.first?.headers["Subject"] == "Confirm your address for Roam")
        #expect(queue.records(status: .sent, limit: 10).count == 1)
        #expect(queue.mails(to: "ada@example.com", limit: 1).first?.fields.isEmpty == true)
    }

    @Test func keepsAMailWhileTheServerIsDownAndSendsItOnceWhenItIsBack() async throws {
        let server = try await SMTPTestServer.start()
        defer { Task { await server.stopAndForget() } }
        await server.stop()
        let queue = InMemoryMailQueue()
        queue.enqueue(Self.mail(to: "ben@example.com"))
        let delivery = try await Self.delivery(queue, server)
        #expect(try await delivery.deliverDue() == 1)
        let waiting = try #require(queue.records(status: .pending, limit: 1).first)
        #expect(waiting.attempts == 1 && waiting.lastError != nil)
        // Not due again before its pause.
        #expect(try await delivery.deliverDue() == 0)
        try await server.resume()
        try await Task.sleep(for: .seconds(1.2))
        #expect(try await delivery.deliverDue() == 1)
        #expect(try server.received().count == 1)
        #expect(queue.totals()[.sent] == 1 && queue.totals()[.pending] == 0)
    }

    @Test func marksAMailTheServerRefusesForGoodAsFailedWithItsReason() async throws {
        let server = try await SMTPTestServer.shared()
        let queue = InMemoryMailQueue()
        queue.enqueue(Self.mail(to: "bounce@example.com"))
        queue.enqueue(Self.mail(to: "defer@example.com"))
        let delivery = try await Self.delivery(queue, server)
        #expect(try await delivery.deliverDue() == 2)
        let failed = try #require(queue.records(status: .failed, limit: 10).first)
        #expect(failed.recipient == "bounce@example.com" && failed.lastError?.contains("550") == true)
        let deferred = try #require(queue.records(status: .pending, limit: 10).first)
        #expect(deferred.recipient == "defer@example.com" && deferred.lastError?.contains("451") == true)
    }

    @Test func theRetryPauseGrowsToItsLongest() async throws {
        let server = try await SMTPTestServer.shared()
        let delivery = try await Self.delivery(InMemoryMailQueue(), server, longestPause: .seconds(300))
        #expect((1...10).map { delivery.pause(afterAttempts: $0) } == [1, 2, 4, 8, 16, 32, 64, 128, 256, 300].map { Duration.seconds($0) })
    }
}
