import RoamCore
import Synchronization

/// What one stream has sent: each notification once per position (a gathered one again when it moves).
final class SentPositions: Sendable {
    private let sent = Mutex<Set<String>>([])

    /// Whether `notification` at its position is new to the stream (and now counted as sent).
    func first(_ notification: InboxNotification) -> Bool {
        sent.withLock { sent in
            // A stream open for weeks forgets the oldest; what it forgot is long past any replay.
            if sent.count >= 10_000 { sent.removeAll() }
            return sent.insert(notification.cursor.token).inserted
        }
    }
}
