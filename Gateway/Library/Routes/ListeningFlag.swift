import Synchronization

/// Set once a followed stream has said it is listening.
final class ListeningFlag: Sendable {
    private let value = Atomic(false)

    func set() {
        value.store(true, ordering: .relaxed)
    }

    var isSet: Bool { value.load(ordering: .relaxed) }
}
