/// The task holding a relayed download's call open. It is cancelled when the last holder lets go: the
/// body was read to the end, the client went away, or the response was dropped before it was written.
final class RelayTask: Sendable {
    let task: Task<Void, Never>

    init(_ task: Task<Void, Never>) {
        self.task = task
    }

    deinit { task.cancel() }
}
