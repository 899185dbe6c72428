import Foundation

/// A one-time token as it was when it was used.
public struct UsedToken: Sendable, Equatable {
    public var userID: UUID
    public var purpose: OneTimeTokenPurpose
    public var detail: String
}
