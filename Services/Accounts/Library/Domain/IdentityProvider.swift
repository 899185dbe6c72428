/// An OpenID Connect provider this deployment accepts ID tokens from.
public struct IdentityProvider: Sendable, Equatable {
    /// The name clients use (`google`, `apple`, `facebook`, or the operator's own).
    public var name: String
    /// The `iss` its tokens carry; the first is the canonical one (Google also writes it without `https://`).
    public var issuers: [String]
    /// The app's client ids at the provider: a token must be issued to one of them (`aud`).
    public var clientIDs: [String]
    /// Where its signing keys are published; found through the issuer's discovery document when nil.
    public var keysURL: String?
    /// Whether a first sign-in joins the account whose verified email the token names. Only for a provider
    /// trusted to verify emails: otherwise whoever runs it could claim anyone's address and take their account.
    public var linksByEmail: Bool

    public init(name: String, issuers: [String], clientIDs: [String], keysURL: String? = nil, linksByEmail: Bool = false) {
        self.name = name
        self.issuers = issuers
        self.clientIDs = clientIDs
        self.keysURL = keysURL
        self.linksByEmail = linksByEmail
    }

    public var issuer: String { issuers[0] }
}
