import Foundation

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
