import Synchronization
import Testing

@testable import Media

@Suite struct ImageWorkersTests {
    @Test func noMoreJobsRunAtOnceThanThereAreWorkers() async throws {
        let workers = ImageWorkers(threads: 2)
        let running = Running()
        try await withThrowingTaskGroup(of: Int.self) { group in
            for job in 0..<12 {
                group.addTask {
                    try await workers.run {
                        running.state.withLock {
                            $0.now += 1; $0.most = max($0.most, $0.now)
                        }
                        var total = 0
                        for value in 0..<2_000_000 { total &+= value &* job }
                        running.state.withLock { $0.now -= 1 }
                        return total
                    }
                }
            }
            var finished = 0
            for try await _ in group { finished += 1 }
            #expect(finished == 12)
        }
        #expect(running.state.withLock { $0.most } == 2)
        try await workers.shutdown()
    }
}

/// How many jobs run now, and the most that ever ran at once.
private final class Running: Sendable {
    let state = Mutex((now: 0, most: 0))
}
