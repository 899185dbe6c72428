/// The push service a device's token belongs to.
public enum DevicePlatform: String, Sendable, Hashable, CaseIterable {
    /// Apple Push Notification service (iPhone, iPad, Mac).
    case apns
    /// Firebase Cloud Messaging (Android, and web or iOS apps built on Firebase).
    case fcm
}
