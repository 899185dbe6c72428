import Foundation

/// When an activity happens, for the ones held at a given time: [start, end).
public struct TimeWindow: Sendable, Hashable {
    public var startsAt: Date
    public var endsAt: Date

    /// The longest window an activity may have.
    public static let longest: TimeInterval = 366 * 86_400

    public func contains(_ time: Date) -> Bool { startsAt <= time && time < endsAt }
}
