import Foundation
import RoamRuntime
import Testing

/// Media links are signed by the gateway and checked by media, possibly of different releases during a
/// rolling deploy: the signature is a fixed function of the secret and the link.
@Suite struct MediaLinkSignerTests {
    let signer = MediaLinkSigner(serviceSecret: String(repeating: "s", count: 32))
    let media = UUID(uuidString: "0191D6A0-0000-7000-8000-0000000000A1")!

    /// HKDF-SHA256 of the secret (no salt, info "roam media links v1"), then HMAC-SHA256 of
    /// `id/variant/expires`, base64url without padding: computed apart with Python's `hmac`.
    @Test func theSignatureIsTheDocumentedHMAC() {
        let expected = "GMuU4zE9V3gCRyXE5maoiL2Y-1wgP8Ba8oHFB0bzRiI"
        #expect(signer.signature(media: media, variant: "thumbnail", expires: 1_750_000_000) == expected)
        #expect(signer.signature(mediaID: "0191d6a0-0000-7000-8000-0000000000a1", variant: "thumbnail", expires: 1_750_000_000) == expected)
    }

    @Test func eachSignatureIsCheckedAloneAndOnlyForItsOwnLink() {
        let now = Date(timeIntervalSince1970: 1_749_999_000)
        let first = signer.signature(media: media, variant: "original", expires: 1_750_000_000)
        let second = signer.signature(media: media, variant: "preview", expires: 1_750_000_000)
        #expect(first != second, "a signature is not carried over from the one before")
        #expect(signer.accepts(signature: first, media: media, variant: "original", expires: 1_750_000_000, at: now))
        #expect(signer.accepts(signature: second, media: media, variant: "preview", expires: 1_750_000_000, at: now))
        #expect(!signer.accepts(signature: first, media: media, variant: "preview", expires: 1_750_000_000, at: now))
        #expect(!signer.accepts(signature: first, media: media, variant: "original", expires: 1_750_000_001, at: now))
        #expect(
            !signer.accepts(
                signature: first, media: media, variant: "original", expires: 1_750_000_000,
                at: Date(timeIntervalSince1970: 1_750_000_000)), "expired")
    }

    /// Someone who learnt the secret could sign a ten-year link; media refuses any expiry further ahead
    /// than the configured lifetime (and its quarter of shared expiry, and a minute of clock skew) allows.
    @Test func aLinkLivingLongerThanTheLifetimeIsRefused() {
        let now = Date(timeIntervalSince1970: 1_750_000_000)
        let hour = MediaLinkSigner(serviceSecret: String(repeating: "s", count: 32), lifetime: .seconds(3600))
        for offset in [0.0, 1, 899, 900, 901, 1799] {
            let made = now.addingTimeInterval(-offset)
            let expires = hour.expiry(at: made)
            let signature = hour.signature(media: media, variant: "preview", expires: expires)
            #expect(
                hour.accepts(signature: signature, media: media, variant: "preview", expires: expires, at: now),
                "a link made \(offset) s ago")
        }
        let latest = hour.latestExpiry(at: now)
        #expect(latest == 1_750_000_000 + 3600 + 900 + 60)
        let justTooLong = latest + 1
        let tenYears = 1_750_000_000 + 10 * 365 * 86_400
        for expires in [Int64(justTooLong), Int64(tenYears)] {
            let forged = hour.signature(media: media, variant: "original", expires: expires)
            #expect(!hour.accepts(signature: forged, media: media, variant: "original", expires: expires, at: now))
        }
        #expect(
            hour.accepts(
                signature: hour.signature(media: media, variant: "original", expires: latest), media: media,
                variant: "original", expires: latest, at: now))
    }
}
