import Crypto
import Foundation
import RoamRuntime

/// The keys accounts publishes, the first of which signs: one seed per line of the key file (or
/// comma-separated in `ACCOUNTS_SIGNING_KEY`). A key is rotated with an overlap, by `roam keys`:
/// `prepare` adds a new key that is published but does not sign yet (verifiers pick it up within their
/// refresh interval), `promote` makes it sign while the old one stays published, and `retire`, once
/// the old tokens have expired, drops every key but the signing one (verifiers then forget it).
public struct SigningKeyring: Sendable {
    public let signing: SigningKey
    /// Every key published, the signing one first.
    public let published: [SigningKey]

    public init(_ keys: [SigningKey]) throws {
        guard let first = keys.first else { throw ConfigurationError(variable: "ACCOUNTS_SIGNING_KEY", problem: "holds no key") }
        signing = first
        published = keys
    }

    public var publicJWKs: [JSONWebKey] { published.map(\.publicJWK) }

    /// The keys as the file keeps them: one base64url seed per line, the signing one first.
    public var fileContents: String {
        published.map { $0.privateKey.rawRepresentation.base64URLEncodedString }.joined(separator: "\n") + "\n"
    }

    /// A new key published after the others; the signing key is unchanged.
    public func preparing(_ key: SigningKey = SigningKey(privateKey: Curve25519.Signing.PrivateKey())) throws -> SigningKeyring {
        try SigningKeyring(published + [key])
    }

    /// The newest key signs from now on; the others stay published.
    public func promotingNewest() throws -> SigningKeyring {
        guard published.count > 1, let newest = published.last else {
            throw ConfigurationError(variable: "ACCOUNTS_SIGNING_KEY_FILE", problem: "has no prepared key to promote (run `roam keys prepare` first)")
        }
        return try SigningKeyring([newest] + published.dropLast())
    }

    /// Only the signing key stays published.
    public func retiringOthers() throws -> SigningKeyring {
        try SigningKeyring([signing])
    }
}
