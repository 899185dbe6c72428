import Foundation

/// One user's like of a subject.
public struct Like: Sendable, Equatable {
    public var userID: UUID
    public var likedAt: Date
}
