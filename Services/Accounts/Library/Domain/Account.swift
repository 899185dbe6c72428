import Foundation

/// What a caller gets back about a user: the stored user plus how they relate to the caller.
public struct ProfileView: Sendable, Equatable {
    public var user: User
    public var followedByViewer: Bool
    public var followsViewer: Bool
    /// Email, phone and verification state are shown to the owner only.
    public var isOwner: Bool

    public init(user: User, followedByViewer: Bool = false, followsViewer: Bool = false, isOwner: Bool = false) {
        self.user = user
        self.followedByViewer = followedByViewer
        self.followsViewer = followsViewer
        self.isOwner = isOwner
    }
}

/// Tokens handed to a client after signing up, logging in or refreshing.
public struct IssuedTokens: Sendable, Equatable {
    public var accessToken: String
    public var accessTokenExpiresAt: Date
    public var refreshToken: String
    public var refreshTokenExpiresAt: Date
    public var sessionID: UUID
}
