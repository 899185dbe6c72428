import Synchronization

/// The names of the variables an `Environment` was asked for.
public final class VariableReadLog: Sendable {
    private let names = Mutex<Set<String>>([])

    public init() {}

    func note(_ name: String) {
        names.withLock { _ = $0.insert(name) }
    }

    public var variables: Set<String> {
        names.withLock { $0 }
    }
}
