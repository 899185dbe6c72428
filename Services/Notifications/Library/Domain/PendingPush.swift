/// A push claimed for sending: the notification, the device it goes to (nil when the device was
/// removed since), how many times it was tried, and the user's unread count for the badge.
public struct PendingPush: Sendable, Equatable {
    public var notification: InboxNotification
    public var token: String
    public var device: Device?
    public var attempts: Int
    public var unread: Int

    public init(notification: InboxNotification, token: String, device: Device?, attempts: Int, unread: Int) {
        self.notification = notification
        self.token = token
        self.device = device
        self.attempts = attempts
        self.unread = unread
    }
}
