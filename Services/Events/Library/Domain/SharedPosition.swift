import Foundation

/// A group walk member's latest position, as they share it with the others while the walk is live.
public struct SharedPosition: Sendable, Hashable {
    public var userID: UUID
    public var position: ReportedPosition
    public var at: Date
}
