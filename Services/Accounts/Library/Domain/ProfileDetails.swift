import Foundation

/// The parts of a user the user edits.
public struct ProfileDetails: Sendable, Equatable {
    public var displayName: String
    public var bio: String
    public var phone: String
    public var avatarMediaID: UUID?
    /// Empty when the user has not given it.
    public var givenName: String
    public var familyName: String
    /// The language the user reads, a BCP 47 tag; empty for English.
    public var language: String

    public init(
        displayName: String, bio: String = "", phone: String = "", avatarMediaID: UUID? = nil, givenName: String = "",
        familyName: String = "", language: String = ""
    ) {
        self.displayName = displayName
        self.bio = bio
        self.phone = phone
        self.avatarMediaID = avatarMediaID
        self.givenName = givenName
        self.familyName = familyName
        self.language = language
    }
}
