import Foundation
import RoamCore

/// An account as the accounts service stores it.
public struct User: Sendable, Equatable {
    public var id: UUID
    /// Empty for an account made through a provider that gave no address.
    public var email: String
    public var username: String
    /// Nil for an account that signs in only through providers.
    public var passwordHash: String?
    public var emailVerified: Bool
    public var profile: ProfileDetails
    public var followerCount: Int
    public var followingCount: Int
    public var createdAt: Date
    /// When the username was last changed (nil if never): it may change again only after an interval.
    public var usernameChangedAt: Date?
    /// The version of the terms the user accepted last (nil if none).
    public var acceptedTerms: TermsAcceptance?
    /// When the address last arrived through an email change (nil if it came with the account). A
    /// provider never links by such an address: whoever changed an account's address to a victim's
    /// (and had the link clicked) would otherwise receive the victim's provider sign-ins.
    public var emailChangedAt: Date?
    /// The address given at sign-up when another account already had it: shown to the owner as theirs
    /// (unverified), a way to log in with this account's password, never unique and never mailed
    /// (the address's owner is told instead), so sign-up answers the same whoever has the address.
    public var pendingEmail: String?
    /// Granted and taken by an operator only.
    public var roles: Set<Role>
    /// The last suspension, nil when there never was one or it was lifted; one that has ended by its
    /// own end time stays here until the next (see `Suspension.holds(at:)`).
    public var suspension: Suspension?

    public init(
        id: UUID, email: String, username: String, passwordHash: String?, emailVerified: Bool = false,
        profile: ProfileDetails, followerCount: Int = 0, followingCount: Int = 0, createdAt: Date,
        usernameChangedAt: Date? = nil, acceptedTerms: TermsAcceptance? = nil, emailChangedAt: Date? = nil, pendingEmail: String? = nil,
        roles: Set<Role> = [], suspension: Suspension? = nil
    ) {
        self.roles = roles
        self.suspension = suspension
        self.id = id
        self.email = email
        self.username = username
        self.passwordHash = passwordHash
        self.emailVerified = emailVerified
        self.profile = profile
        self.followerCount = followerCount
        self.followingCount = followingCount
        self.createdAt = createdAt
        self.usernameChangedAt = usernameChangedAt
        self.acceptedTerms = acceptedTerms
        self.emailChangedAt = emailChangedAt
        self.pendingEmail = pendingEmail
    }

    /// The suspension holding at `time`, if any.
    public func suspension(at time: Date) -> Suspension? {
        suspension.flatMap { $0.holds(at: time) ? $0 : nil }
    }
}
