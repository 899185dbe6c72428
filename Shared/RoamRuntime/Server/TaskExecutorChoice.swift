import CRoamExecutor
import Foundation
import NIOCore
import NIOPosix

/// Where a process's Swift tasks run (`TASK_EXECUTOR`): on Swift concurrency's own pool (`pool`, the
/// default), or on SwiftNIO's event loops, the threads that also read and write its sockets and
/// PostgreSQL's (`event-loops`), where a task resumed by I/O goes on without a hop to another thread.
/// Measured in release on two cores (Tests/Bench/README.md), the loops did not pay: a gRPC service's
/// handlers already run on their connection's loop, and one loop per core then carries every task
/// with its I/O (Health/Check 62 → 71 µs of CPU, the gateway's GET /healthz 21k → 17k req/s).
public enum TaskExecutorChoice: String, Sendable, CaseIterable {
    case eventLoops = "event-loops"
    case pool

    public init(environment: Environment) throws(ConfigurationError) {
        let value = environment.string("TASK_EXECUTOR", default: Self.pool.rawValue)
        guard let choice = TaskExecutorChoice(rawValue: value) else {
            throw ConfigurationError(
                variable: "TASK_EXECUTOR", problem: "must be one of \(Self.allCases.map(\.rawValue).joined(separator: ", ")), not \"\(value)\"")
        }
        self = choice
    }

    /// Makes the choice for the whole process (`name` says it on standard error when the loops cannot
    /// take over); call it first thing. Work that blocks a thread (Argon2, libvips, files) already runs
    /// on `NIOThreadPool`, never on a loop.
    public func install(for name: String) {
        if self == .eventLoops, !install() {
            FileHandle.standardError.write(Data("\(name): another global executor is installed; tasks run on it\n".utf8))
        }
    }

    /// True when the loops took over.
    func install() -> Bool {
        guard self == .eventLoops else { return false }
        return roam_install_global_enqueue_hook { job in
            // `any()` is the loop this thread is, when it is one: a job enqueued from a loop stays on it.
            MultiThreadedEventLoopGroup.singleton.any().enqueue(ExecutorJob(unsafeBitCast(job, to: UnownedJob.self)))
        }
    }
}
