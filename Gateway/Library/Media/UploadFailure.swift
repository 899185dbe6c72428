import Synchronization

/// The error that stopped an upload's request stream, kept so the client hears it rather than the
/// cancelled call it caused.
final class UploadFailure: Sendable {
    private let recorded = Mutex<(any Error)?>(nil)

    func record(_ error: any Error) {
        recorded.withLock { $0 = $0 ?? error }
    }

    var error: (any Error)? { recorded.withLock { $0 } }
}
