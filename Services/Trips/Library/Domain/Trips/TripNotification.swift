import Foundation

/// What the trips service pushes to a traveller's open streams.
public struct TripNotification: Sendable, Hashable {
    public enum Kind: String, Sendable {
        /// Sent first, once the stream is open.
        case connected
        case reminder
    }

    public var kind: Kind
    public var reminder: Reminder?
    public var at: Date

    public static func connected(at time: Date) -> TripNotification {
        TripNotification(kind: .connected, reminder: nil, at: time)
    }

    public static func reminder(_ reminder: Reminder, at time: Date) -> TripNotification {
        TripNotification(kind: .reminder, reminder: reminder, at: time)
    }
}
