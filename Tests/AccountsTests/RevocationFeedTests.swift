import Foundation
import Logging
import Testing

@testable import Accounts

/// The feed every verifier follows.
@Suite struct RevocationFeedTests {
    /// A follower that knows everything already (one coming back after accounts restarted) hears a
    /// first, empty batch at once, not after the idle interval: until then it counts as not following,
    /// and past its grace it would stop serving although accounts is back.
    @Test func aFollowerThatIsCaughtUpHearsAFirstBatchAtOnce() async throws {
        let feed = RevocationFeed(
            repository: Repositories(memory: InMemoryAccountsStore()).revocations, tokenLifetime: .seconds(900),
            logger: Logger(label: "test"))
        let heard = ContinuousClock.now
        let elapsed = try await withThrowingTaskGroup(of: Duration?.self) { group in
            group.addTask {
                // The first batch ends the stream, with the time it took.
                do {
                    try await feed.follow(after: 0, idle: .seconds(30)) { revocations, position, suspended in
                        #expect(revocations.isEmpty && position == 0 && suspended != nil)
                        throw FirstBatch(after: ContinuousClock.now - heard)
                    }
                } catch let first as FirstBatch {
                    return first.after
                }
                return nil
            }
            group.addTask {
                try await Task.sleep(for: .seconds(10))
                return nil
            }
            let first = try await group.next() ?? nil
            group.cancelAll()
            return first
        }
        let waited = try #require(elapsed, "no batch within 10 s")
        #expect(waited < .seconds(2), "the first batch came after \(waited)")
    }
}

private struct FirstBatch: Error {
    var after: Duration
}
