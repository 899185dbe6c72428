#if canImport(Glibc)
import Glibc
#endif

/// Places where a process kills itself with SIGKILL, for the fault suite only: they prove that what a
/// process acknowledged to its database survives its death at the worst moment. All are off unless
/// their variable is set:
/// - `ROAM_CRASH_AFTER_COMMIT`: comma-separated gRPC methods (`roam.feed.v1.FeedService/CreateStory`);
///   the process dies once such a call's handler has returned (its transaction committed), before
///   the answer leaves.
/// - `ROAM_CRASH_BEFORE_DELIVERY=true`: the process dies when its outbox is about to deliver an entry.
/// Either one set outside development stops the process at start: no deployment kills itself on purpose.
public struct CrashPoints: Sendable {
    public var afterCommit: Set<String>
    public var beforeDelivery: Bool

    public init(afterCommit: Set<String> = [], beforeDelivery: Bool = false) {
        self.afterCommit = afterCommit
        self.beforeDelivery = beforeDelivery
    }

    public init(environment: Environment, kind: DeploymentKind) throws(ConfigurationError) {
        let methods = environment.string("ROAM_CRASH_AFTER_COMMIT", default: "").split(separator: ",")
        afterCommit = Set(methods.map { String($0.trimmingCharacters(in: " ")) }.filter { !$0.isEmpty })
        beforeDelivery = try environment.bool("ROAM_CRASH_BEFORE_DELIVERY", default: false)
        guard kind == .development else {
            if !afterCommit.isEmpty { throw Self.refused("ROAM_CRASH_AFTER_COMMIT") }
            if beforeDelivery { throw Self.refused("ROAM_CRASH_BEFORE_DELIVERY") }
            return
        }
    }

    static func refused(_ variable: String) -> ConfigurationError {
        ConfigurationError(
            variable: variable,
            problem: "kills the process on purpose, for the fault suite only; it is refused unless \(DeploymentKind.variable)=development")
    }

    public var isEmpty: Bool { afterCommit.isEmpty && !beforeDelivery }

    /// Dies at once, as `kill -9` would make it, after saying where on standard error.
    public static func crash(at point: String) -> Never {
        let line = "crash point reached: \(point); killing this process\n"
        _ = line.withCString { write(2, $0, strlen($0)) }
        kill(getpid(), SIGKILL)
        fatalError("SIGKILL did not end the process")
    }
}
