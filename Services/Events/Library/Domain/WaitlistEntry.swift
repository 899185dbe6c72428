import Foundation

/// Someone waiting for a place, in order of `queuedAt`.
public struct WaitlistEntry: Sendable, Equatable {
    public var eventID: UUID
    public var userID: UUID
    public var queuedAt: Date
    public var lastPosition: ReportedPosition
    public var positionAt: Date
}
