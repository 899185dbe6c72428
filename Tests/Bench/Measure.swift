import Foundation
import RoamRuntime

/// Runs calls from many tasks for a while and summarises throughput and latency.
enum Bench {
    /// Runs `call` from `concurrency` tasks for `seconds`. Each call gets a number no other call gets
    /// (0, 1, 2, … across all tasks), for callers that need distinct inputs.
    static func measure(concurrency: Int, seconds: Int, _ call: @escaping @Sendable (Int) async throws -> Void) async throws -> String {
        try await sample(concurrency: concurrency, seconds: seconds, call).description
    }

    /// Throughput and latency of `call` from `concurrency` tasks for `seconds`, as numbers.
    struct Sample: CustomStringConvertible {
        var calls: Int
        var rate: Int
        var p50: Duration
        var p99: Duration

        var description: String {
            guard calls > 0 else { return "no calls completed" }
            return "\(rate) req/s, p50 \(milliseconds(p50)), p99 \(milliseconds(p99)) (\(calls) calls)"
        }
    }

    static func sample(concurrency: Int, seconds: Int, _ call: @escaping @Sendable (Int) async throws -> Void) async throws -> Sample {
        let deadline = ContinuousClock.now + .seconds(seconds)
        let latencies = try await withThrowingTaskGroup(of: [Duration].self) { group in
            for worker in 0..<concurrency {
                group.addTask {
                    var local: [Duration] = []
                    var number = worker
                    while ContinuousClock.now < deadline {
                        let start = ContinuousClock.now
                        try await call(number)
                        number += concurrency
                        local.append(ContinuousClock.now - start)
                    }
                    return local
                }
            }
            return try await group.reduce(into: []) { $0 += $1 }.sorted()
        }
        guard !latencies.isEmpty else { return Sample(calls: 0, rate: 0, p50: .zero, p99: .zero) }
        return Sample(
            calls: latencies.count, rate: latencies.count / seconds, p50: latencies[latencies.count / 2],
            p99: latencies[min(latencies.count - 1, latencies.count * 99 / 100)])
    }

    static func milliseconds(_ duration: Duration) -> String {
        String(format: "%.2f ms", duration.seconds * 1000)
    }
}
