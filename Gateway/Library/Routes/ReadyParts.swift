import Synchronization

/// Counts the parts of a merged stream that are listening (or gone), and calls `allReady` once, when
/// the last of them arrives. Arriving twice counts once.
final class ReadyParts: Sendable {
    private let state: Mutex<(arrived: Set<Int>, announced: Bool)>
    private let count: Int
    private let allReady: @Sendable () -> Void

    init(count: Int, allReady: @escaping @Sendable () -> Void) {
        self.count = count
        self.allReady = allReady
        state = Mutex(([], false))
    }

    func arrive(_ part: Int) {
        let announce = state.withLock { state in
            state.arrived.insert(part)
            guard state.arrived.count == count, !state.announced else { return false }
            state.announced = true
            return true
        }
        if announce { allReady() }
    }
}
