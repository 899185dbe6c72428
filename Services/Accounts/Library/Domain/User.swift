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

/// The parts of a user the user edits.
public struct ProfileDetails: Sendable, Equatable {
    public var displayName: String
    public var bio: String
    public var phone: String
    public var avatarMediaID: UUID?

    public init(displayName: String, bio: String = "", phone: String = "", avatarMediaID: UUID? = nil) {
        self.displayName = displayName
        self.bio = bio
        self.phone = phone
        self.avatarMediaID = avatarMediaID
    }
}

/// A partial profile update: nil leaves a field as it is.
public struct ProfileChanges: Sendable, Equatable {
    public var displayName: String?
    public var bio: String?
    public var phone: String?
    /// `.some(nil)` clears the avatar.
    public var avatarMediaID: UUID??

    public init(displayName: String? = nil, bio: String? = nil, phone: String? = nil, avatarMediaID: UUID?? = nil) {
        self.displayName = displayName
        self.bio = bio
        self.phone = phone
        self.avatarMediaID = avatarMediaID
    }

    func applied(to details: ProfileDetails) -> ProfileDetails {
        var result = details
        if let displayName { result.displayName = displayName }
        if let bio { result.bio = bio }
        if let phone { result.phone = phone }
        if let avatarMediaID { result.avatarMediaID = avatarMediaID }
        return result
    }
}
