import Foundation
import Synchronization

/// Where a followed stream picks up again after a drop: after the last reminder or alert it passed on, or
/// else the moment it last began listening, or else what the client's `Last-Event-ID` said.
final class ResumePoint: Sendable {
    private let state: Mutex<Date?>

    init(_ start: Date?) {
        state = Mutex(start)
    }

    var instant: Date? { state.withLock { $0 } }

    /// The stream is listening from `time`: anything sent since reaches it live.
    func listening(since time: Date) {
        state.withLock { instant in instant = max(instant ?? time, time) }
    }

    /// A reminder or alert went to the client.
    func passed(_ notification: Components.Schemas.Notification) {
        guard notification.isReplayable else { return }
        state.withLock { instant in instant = max(instant ?? notification.at, notification.at) }
    }
}
