import Foundation

/// An account at an OpenID Connect provider that signs a user in: the provider's issuer and its
/// subject (the provider's stable id for the person) name it.
public struct LinkedIdentity: Sendable, Equatable {
    public var userID: UUID
    /// The operator's name for the provider (`google`, `apple`, …).
    public var provider: String
    public var issuer: String
    public var subject: String
    /// The address the provider gave when it was linked ("" if none).
    public var email: String
    public var linkedAt: Date
}
