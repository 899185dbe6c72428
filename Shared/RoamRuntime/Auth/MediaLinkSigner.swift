import Crypto
import Foundation
import RoamCore

/// Signs and checks the media links the gateway hands out for content a caller may see: the media id,
/// the variant and an expiry, under a key both the gateway and media derive from the service secret
/// (so there is no further secret to deploy). Anyone holding a link may read that variant until it
/// expires; nothing else about the item.
public struct MediaLinkSigner: Sendable {
    private let key: SymmetricKey
    /// HMAC with the key already absorbed: a copy signs one link without hashing the key again (a third
    /// of each signature's cost, and the gateway signs hundreds of links for one trip day).
    private let keyed: HMAC<SHA256>
    /// How long a link stays valid at least.
    public let lifetime: Duration

    /// The key of the other secret accepted during a rotation.
    private let acceptedKey: SymmetricKey?

    public init(serviceSecret: String, acceptedServiceSecret: String? = nil, lifetime: Duration = .seconds(3600)) {
        key = Self.derive(serviceSecret)
        keyed = HMAC<SHA256>(key: key)
        acceptedKey = acceptedServiceSecret.map(Self.derive)
        self.lifetime = lifetime
    }

    private static func derive(_ secret: String) -> SymmetricKey {
        HKDF<SHA256>.deriveKey(inputKeyMaterial: SymmetricKey(data: Data(secret.utf8)), info: Data("roam media links v1".utf8), outputByteCount: 32)
    }

    /// When a link made at `now` expires (seconds since 1970). Links made within the same quarter of the
    /// lifetime share one expiry, so the same picture keeps the same URL and clients can cache it; each
    /// is valid for at least `lifetime` and at most a quarter longer.
    public func expiry(at now: Date) -> Int64 {
        let lifetime = max(Int64(lifetime.components.seconds), 4)
        let step = lifetime / 4
        let current = Int64(now.timeIntervalSince1970)
        return (current / step + 1) * step + lifetime
    }

    /// The latest expiry a link checked at `now` may carry: what `expiry(at:)` gives, plus a minute for
    /// clocks that differ between the gateway and media. A link claiming more was not made by a gateway
    /// with this lifetime, whatever its signature says.
    public func latestExpiry(at now: Date) -> Int64 {
        let lifetime = max(Int64(lifetime.components.seconds), 4)
        return Int64(now.timeIntervalSince1970) + lifetime + lifetime / 4 + 60
    }

    /// The signature of a link to `variant` of `media` expiring at `expires`: HMAC-SHA256, base64url.
    public func signature(media: UUID, variant: String, expires: Int64) -> String {
        signature(mediaID: media.lowercasedString, variant: variant, expires: expires)
    }

    /// The same for a media id already in its lowercase text form, as services send it.
    public func signature(mediaID: String, variant: String, expires: Int64) -> String {
        var hmac = keyed
        hmac.update(data: Array("\(mediaID)/\(variant)/\(expires)".utf8))
        return Data(hmac.finalize()).base64URLEncodedString
    }

    /// Whether `signature` is this signer's for that link, the link has not expired at `now`, and its
    /// expiry is no further ahead than this signer's lifetime allows.
    public func accepts(signature: String, media: UUID, variant: String, expires: Int64, at now: Date) -> Bool {
        guard expires > Int64(now.timeIntervalSince1970), expires <= latestExpiry(at: now),
            let given = Data(base64URLEncoded: signature)
        else { return false }
        let message = Data("\(media.uuidString.lowercased())/\(variant)/\(expires)".utf8)
        return [key, acceptedKey].compactMap { $0 }.contains { HMAC<SHA256>.isValidAuthenticationCode(given, authenticating: message, using: $0) }
    }
}
