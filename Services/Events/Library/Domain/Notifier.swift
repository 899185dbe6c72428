import Foundation
import Synchronization

/// Sends a user a notification, wherever their streams are open.
public protocol Notifier: Sendable {
    func publish(_ notification: EventNotification, to userID: UUID) async
}
