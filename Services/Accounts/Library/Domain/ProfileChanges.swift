import Foundation

/// A partial profile update: nil leaves a field as it is.
public struct ProfileChanges: Sendable, Equatable {
    public var displayName: String?
    public var bio: String?
    public var phone: String?
    /// `.some(nil)` clears the avatar.
    public var avatarMediaID: UUID??
    /// "" removes it.
    public var givenName: String?
    public var familyName: String?
    /// "" is English.
    public var language: String?

    public init(displayName: String?, bio: String?, phone: String?, avatarMediaID: UUID??, givenName: String?, familyName: String?, language: String?)
    {
        self.displayName = displayName
        self.bio = bio
        self.phone = phone
        self.avatarMediaID = avatarMediaID
        self.givenName = givenName
        self.familyName = familyName
        self.language = language
    }

    func applied(to details: ProfileDetails) -> ProfileDetails {
        var result = details
        if let displayName { result.displayName = displayName }
        if let bio { result.bio = bio }
        if let phone { result.phone = phone }
        if let avatarMediaID { result.avatarMediaID = avatarMediaID }
        if let givenName { result.givenName = givenName }
        if let familyName { result.familyName = familyName }
        if let language { result.language = language }
        return result
    }
}
