import Foundation

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
