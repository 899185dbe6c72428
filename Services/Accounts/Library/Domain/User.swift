import Foundation

/// An account as the accounts service stores it.
public struct User: Sendable, Equatable {
    public var id: UUID
    public var email: String
    public var username: String
    public var passwordHash: String
    public var emailVerified: Bool
    public var profile: ProfileDetails
    public var followerCount: Int
    public var followingCount: Int
    public var createdAt: Date

    public init(id: UUID, email: String, username: String, passwordHash: String, emailVerified: Bool = false,
                profile: ProfileDetails, followerCount: Int = 0, followingCount: Int = 0, createdAt: Date) {
        self.id = id
        self.email = email
        self.username = username
        self.passwordHash = passwordHash
        self.emailVerified = emailVerified
        self.profile = profile
        self.followerCount = followerCount
        self.followingCount = followingCount
        self.createdAt = createdAt
    }
}
