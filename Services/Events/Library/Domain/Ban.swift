import Foundation

public struct Ban: Sendable, Equatable {
    public var eventID: UUID
    public var userID: UUID
    /// nil when reports reached the threshold.
    public var bannedBy: UUID?
    public var createdAt: Date
}
