import Foundation

/// A one-time token as it was when it was used.
public struct UsedToken: Sendable, Equatable {
    public var userID: UUID
    public var purpose: OneTimeTokenPurpose
    public var detail: String

    public init(userID: UUID, purpose: OneTimeTokenPurpose, detail: String) {
        self.userID = userID
        self.purpose = purpose
        self.detail = detail
    }
}
