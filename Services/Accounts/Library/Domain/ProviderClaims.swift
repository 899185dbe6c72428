import Foundation

/// What a verified ID token says about the person.
public struct ProviderClaims: Sendable, Equatable {
    public var issuer: String
    public var subject: String
    public var email: String?
    public var emailVerified: Bool
    public var name: String?
    public var nonce: String?
    public var expiresAt: Date

    public init(issuer: String, subject: String, email: String?, emailVerified: Bool, name: String?, nonce: String?, expiresAt: Date) {
        self.issuer = issuer
        self.subject = subject
        self.email = email
        self.emailVerified = emailVerified
        self.name = name
        self.nonce = nonce
        self.expiresAt = expiresAt
    }
}
