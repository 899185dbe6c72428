import Foundation
import Logging
import Synchronization
import Testing

@testable import RoamRuntime

/// A verifier follows the revocation feed: it refuses what it was told at once, picks up where it left
/// off after a loss (so nothing is missed), and keeps refusing what it knew while the feed is away.
@Suite struct RevocationFollowerTests {
    /// A feed of the test's own: revocations added by the test, a stream that can be cut, and the
    /// positions followers asked from.
    final class ScriptedFeed: RevocationSource {
        struct State {
            var log: [(position: Int64, entry: RevocationBatch.Entry)] = []
            var askedFrom: [Int64] = []
            var up = true
            var cuts = 0
        }

        let state = Mutex(State())

        func add(_ entry: RevocationBatch.Entry) {
            state.withLock { $0.log.append(((($0.log.last?.position ?? 0) + 1), entry)) }
        }

        func cut() { state.withLock { $0.cuts += 1 } }
        func setUp(_ up: Bool) { state.withLock { $0.up = up } }

        func follow(after position: Int64, _ receive: @escaping @Sendable (RevocationBatch) async throws -> Void) async throws {
            let cutsAtStart = state.withLock { state in
                state.askedFrom.append(position)
                return state.cuts
            }
            guard state.withLock({ $0.up }) else { throw CancellationError() }
            var sent = position
            while true {
                let (fresh, cut) = state.withLock { state in (state.log.filter { $0.position > sent }, state.cuts != cutsAtStart) }
                if cut { throw CancellationError() }
                let latest = fresh.last?.position ?? sent
                try await receive(RevocationBatch(entries: fresh.map(\.entry), position: latest))
                sent = latest
                try await Task.sleep(for: .milliseconds(20))
            }
        }
    }

    static func entry(session: UUID? = UUID(), user: UUID = UUID()) -> RevocationBatch.Entry {
        RevocationBatch.Entry(userID: user, sessionID: session, forgetAfter: Date().addingTimeInterval(900))
    }

    static func eventually(_ condition: @Sendable () -> Bool) async -> Bool {
        for _ in 0..<250 where !condition() { try? await Task.sleep(for: .milliseconds(20)) }
        return condition()
    }

    @Test func revokedSessionsAreRefusedAndAFollowerResumesFromItsPosition() async throws {
        let feed = ScriptedFeed()
        let revoked = RevokedSessions()
        let heard = Mutex<[RevocationBatch.Entry]>([])
        revoked.listen { entry in heard.withLock { $0.append(entry) } }
        let follower = RevocationFollower(source: feed, revoked: revoked, silence: .seconds(5), logger: Logger(label: "test"))
        let running = Task { try await follower.run() }
        defer { running.cancel() }

        let ada = UUID(), adaPhone = UUID(), bo = UUID()
        #expect(revoked.refusal(user: ada, session: adaPhone) == nil)
        feed.add(Self.entry(session: adaPhone, user: ada))
        #expect(await Self.eventually { revoked.refusal(user: ada, session: adaPhone)?.reason == "SESSION_REVOKED" })
        #expect(revoked.refusal(user: ada, session: UUID()) == nil, "her other sessions go on")
        #expect(revoked.status.following == .following)

        // The stream breaks while the feed is down: what was known is still refused, and the status says so.
        feed.setUp(false)
        feed.cut()
        #expect(await Self.eventually { if case .lost = revoked.status.following { true } else { false } })
        #expect(revoked.refusal(user: ada, session: adaPhone) != nil)
        // Bo deletes his account meanwhile; when the feed is back the follower asks from where it was.
        feed.add(Self.entry(session: nil, user: bo))
        feed.setUp(true)
        #expect(await Self.eventually { revoked.refusal(user: bo, session: UUID())?.reason == "ACCOUNT_DELETED" })
        #expect(revoked.status.following == .following && revoked.status.position == 2)
        let asked = feed.state.withLock { $0.askedFrom }
        #expect(asked.first == 0 && asked.dropFirst().allSatisfy { $0 == 1 }, "asked from \(asked)")
        #expect(heard.withLock { $0.map(\.userID) } == [ada, bo])
    }

    /// Without the feed past the grace, the process is told it is stale (and stops serving: its health
    /// is blocked with the reason); back on the feed, it is told so and serves again.
    @Test func aFeedLostPastTheGraceMakesTheProcessStopServingUntilItIsBack() async throws {
        let feed = ScriptedFeed()
        let revoked = RevokedSessions()
        let health = HealthService(serviceNames: [])
        health.setAll(.serving)
        let follower = RevocationFollower(
            source: feed, revoked: revoked, silence: .seconds(5), grace: .seconds(2),
            stale: { reason in
                if let reason { health.block("revocations", reason: reason) } else { health.unblock("revocations") }
            }, logger: Logger(label: "test"))
        let running = Task { try await follower.run() }
        defer { running.cancel() }
        #expect(await Self.eventually { revoked.status.following == .following })
        feed.setUp(false)
        feed.cut()
        #expect(await Self.eventually { if case .lost = revoked.status.following { true } else { false } })
        #expect(health.isServing, "within the grace it still serves")
        #expect(await Self.eventually { !health.isServing })
        #expect(health.notServingReason?.hasPrefix("REVOCATIONS_LOST") == true, "\(health.notServingReason ?? "")")
        #expect(health.refusal.reason == "REVOCATIONS_LOST")
        feed.setUp(true)
        #expect(await Self.eventually { health.isServing })
    }

    @Test func aSilentFeedIsTakenForLost() async throws {
        struct Mute: RevocationSource {
            func follow(after position: Int64, _ receive: @escaping @Sendable (RevocationBatch) async throws -> Void) async throws {
                try await receive(RevocationBatch(entries: [], position: position))
                try await Task.sleep(for: .seconds(3600))
            }
        }
        let revoked = RevokedSessions()
        let follower = RevocationFollower(source: Mute(), revoked: revoked, silence: .seconds(1), logger: Logger(label: "test"))
        let running = Task { try await follower.run() }
        defer { running.cancel() }
        #expect(await Self.eventually { revoked.status.following == .following })
        #expect(await Self.eventually { if case .lost = revoked.status.following { true } else { false } })
    }

    @Test func entriesAreForgottenOnceTheirTokensHaveExpired() {
        let revoked = RevokedSessions()
        let (user, session) = (UUID(), UUID())
        let now = Date()
        revoked.apply(
            RevocationBatch(entries: [.init(userID: user, sessionID: session, forgetAfter: now.addingTimeInterval(60))], position: 1), at: now)
        #expect(revoked.refusal(user: user, session: session) != nil)
        revoked.apply(RevocationBatch(entries: [], position: 1), at: now.addingTimeInterval(61))
        #expect(revoked.refusal(user: user, session: session) == nil && revoked.status.refusing == 0)
    }
}
