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
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        let first = signer.signature(media: media, variant: "original", expires: 1_750_000_000)
        let second = signer.signature(media: media, variant: "preview", expires: 1_750_000_000)
        #expect(first != second, "a signature is not carried over from the one before")
        #expect(signer.accepts(signature: first, media: media, variant: "original", expires: 1_750_000_000, at: now))
        #expect(signer.accepts(signature: second, media: media, variant: "preview", expires: 1_750_000_000, at: now))
        #expect(!signer.accepts(signature: first, media: media, variant: "preview", expires: 1_750_000_000, at: now))
        #expect(!signer.accepts(signature: first, media: media, variant: "original", expires: 1_750_000_001, at: now))
        #expect(!signer.accepts(signature: first, media: media, variant: "original", expires: 1_750_000_000,
                                at: Date(timeIntervalSince1970: 1_750_000_000)), "expired")
    }
}
