import Foundation
import Logging
import Synchronization
import Testing

@testable import RoamRuntime

/// `PublicationDelivery` hands the outbox to the notifications service: what was published is forgotten,
/// what could not be waits and goes later, and a publication refused as malformed is dropped alone.
@Suite struct PublicationDeliveryTests {
    /// A notifications service that keeps what it is sent, fails while `down`, and refuses kinds in `refused`.
    final class RecordingPublisher: Publisher {
        let published = Mutex<[Publication]>([])
        let down = Mutex(false)
        let refused: Set<String>

        init(refusing refused: Set<String> = []) { self.refused = refused }

        func publish(_ publications: [Publication]) async throws {
            if down.withLock({ $0 }) { throw RoamError(.unavailable, reason: "UNAVAILABLE", message: "notifications is away") }
            if let bad = publications.firstIndex(where: { refused.contains($0.kind) }) {
                throw RoamError.invalidField("publications[\(bad)].kind", "must be a notification kind")
            }
            self.published.withLock { $0 += publications }
        }
    }

    final class Clock: Sendable {
        let time = Mutex(Date(timeIntervalSince1970: 1_900_000_000))
        var now: Date { time.withLock { $0 } }
        func advance(_ seconds: TimeInterval) { time.withLock { $0 += seconds } }
    }

    static func publication(_ kind: String, _ index: Int) -> Publication {
        Publication(userID: UUID(), kind: kind, key: "\(kind):\(index)", at: Date())
    }

    @Test func whatIsPublishedIsForgottenAndWhatCouldNotBeGoesLater() async throws {
        let (queue, publisher, clock) = (InMemoryPublicationQueue(), RecordingPublisher(), Clock())
        let delivery = PublicationDelivery(queue: queue, publisher: publisher, logger: Logger(label: "test"), now: { clock.now })
        queue.add((0..<3).map { Self.publication("budget_alert", $0) }, at: clock.now)
        publisher.down.withLock { $0 = true }
        #expect(try await delivery.deliverDue() == 3)
        #expect(try await queue.pendingCount() == 3 && publisher.published.withLock { $0.isEmpty })
        // Not due again before its pause; then published once.
        #expect(try await delivery.deliverDue() == 0)
        publisher.down.withLock { $0 = false }
        clock.advance(1.5)
        #expect(try await delivery.deliverDue() == 3)
        #expect(try await queue.pendingCount() == 0)
        #expect(publisher.published.withLock { $0.map(\.key) }.sorted() == ["budget_alert:0", "budget_alert:1", "budget_alert:2"])
    }

    @Test func aPublicationRefusedAsMalformedIsDroppedAloneAndTheRestGo() async throws {
        let (queue, publisher, clock) = (InMemoryPublicationQueue(), RecordingPublisher(refusing: ["Bad Kind"]), Clock())
        let delivery = PublicationDelivery(queue: queue, publisher: publisher, logger: Logger(label: "test"), now: { clock.now })
        queue.add((0..<7).map { Self.publication($0 == 4 ? "Bad Kind" : "budget_alert", $0) }, at: clock.now)
        #expect(try await delivery.deliverDue() == 7)
        #expect(try await queue.pendingCount() == 0)
        #expect(publisher.published.withLock { $0.count } == 6 && publisher.published.withLock { $0.allSatisfy { $0.kind == "budget_alert" } })
    }

    @Test func pausesGrowToTheLongest() {
        let delivery = PublicationDelivery(
            queue: InMemoryPublicationQueue(), publisher: RecordingPublisher(), longestPause: .seconds(60), logger: Logger(label: "test"))
        #expect([1, 2, 3, 7, 30].map(delivery.pause(afterAttempts:)) == [.seconds(1), .seconds(2), .seconds(4), .seconds(60), .seconds(60)])
    }
}
