import Foundation
import Synchronization

/// Sends a user a notification, wherever their streams are open.
public protocol Notifier: Sendable {
    func publish(_ notification: EventNotification, to userID: UUID) async
    /// The same notification to many users: one message, where the way it travels can carry them together.
    func publish(_ notification: EventNotification, to users: [UUID]) async
}

extension Notifier {
    public func publish(_ notification: EventNotification, to users: [UUID]) async {
        for user in users { await publish(notification, to: user) }
    }
}
