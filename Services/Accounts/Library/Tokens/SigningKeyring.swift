import Crypto
import Foundation
import RoamRuntime

/// The keys accounts publishes: the one that signs, older ones kept until their tokens have expired,
/// and a prepared one not signing yet. One seed per line of the key file (comma-separated in
/// `ACCOUNTS_SIGNING_KEY`), the signing key first, a prepared key marked `prepared `. A key is rotated
/// with an overlap, by `roam keys`: `prepare` adds a key that is published but does not sign
/// (verifiers pick it up within their refresh interval), `promote` makes it sign while the old one stays
/// published, and `retire`, once the old tokens have expired, drops every key but the signing one
/// (verifiers then forget them). The mark keeps a second `promote` from swapping back to the old key.
public struct SigningKeyring: Sendable {
    public let signing: SigningKey
    /// Keys that signed before, published until their tokens have expired.
    public let retiring: [SigningKey]
    /// A key published before it signs, so every verifier knows it first.
    public let prepared: SigningKey?

    static let preparedMark = "prepared "

    public init(signing: SigningKey, retiring: [SigningKey] = [], prepared: SigningKey? = nil) {
        self.signing = signing
        self.retiring = retiring
        self.prepared = prepared
    }

    /// Every key published, the signing one first.
    public var published: [SigningKey] { [signing] + retiring + (prepared.map { [$0] } ?? []) }

    public var publicJWKs: [JSONWebKey] { published.map(\.publicJWK) }

    /// The keyring as its file keeps it.
    public var fileContents: String {
        ([signing] + retiring).map(\.seed).joined(separator: "\n") + "\n" + (prepared.map { "\(Self.preparedMark)\($0.seed)\n" } ?? "")
    }

    /// A new key published beside the others; the signing key is unchanged.
    public func preparing(_ key: SigningKey = SigningKey(privateKey: Curve25519.Signing.PrivateKey())) throws -> SigningKeyring {
        guard prepared == nil else {
            throw ConfigurationError(variable: "ACCOUNTS_SIGNING_KEY_FILE", problem: "already holds a prepared key (run `roam keys promote`)")
        }
        return SigningKeyring(signing: signing, retiring: retiring, prepared: key)
    }

    /// The prepared key signs from now on; the one that signed stays published.
    public func promotingPrepared() throws -> SigningKeyring {
        guard let prepared else {
            throw ConfigurationError(variable: "ACCOUNTS_SIGNING_KEY_FILE", problem: "has no prepared key to promote (run `roam keys prepare` first)")
        }
        return SigningKeyring(signing: prepared, retiring: [signing] + retiring)
    }

    /// Only the signing key stays published.
    public func retiringOthers() -> SigningKeyring {
        SigningKeyring(signing: signing)
    }
}

extension SigningKey {
    /// The base64url seed, as the key file and `ACCOUNTS_SIGNING_KEY` hold it.
    var seed: String { privateKey.rawRepresentation.base64URLEncodedString }
}
