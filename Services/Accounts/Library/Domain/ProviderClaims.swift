import Foundation

/// What a verified ID token says about the person.
public struct ProviderClaims: Sendable, Equatable {
    public var issuer: String
    public var subject: String
    public var email: String?
    public var emailVerified: Bool
    public var name: String?
    public var nonce: String?
    /// The nonce in both the forms apps use: as the token carries it, and its SHA-256 in hex (a sign-in
    /// with the app's nonce and one with its hash share the second).
    public var nonceForms: [String]
    public var expiresAt: Date

    public init(
        issuer: String, subject: String, email: String?, emailVerified: Bool, name: String?, nonce: String?,
        nonceForms: [String] = [], expiresAt: Date
    ) {
        self.issuer = issuer
        self.subject = subject
        self.email = email
        self.emailVerified = emailVerified
        self.name = name
        self.nonce = nonce
        self.nonceForms = nonceForms
        self.expiresAt = expiresAt
    }
}
