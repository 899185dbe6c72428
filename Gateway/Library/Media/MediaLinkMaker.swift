import Foundation
import RoamAPI
import RoamRuntime

/// Turns media ids into links to their variants, signed for whoever holds them until they expire
/// (`MediaLinkSigner`): what the gateway returns wherever content it answers with shows media.
struct MediaLinkMaker: Sendable {
    let signer: MediaLinkSigner
    /// Put before each link's path (`https://api.example.com`); empty for paths alone.
    let publicBaseURL: String
    var now: @Sendable () -> Date = Date.init

    /// Links to every variant; a video has only its original (`hasVariants` false).
    func links(for mediaID: String, hasVariants: Bool = true) -> Components.Schemas.MediaLinks {
        let expires = signer.expiry(at: now())
        let id = Self.canonical(mediaID)
        return .init(
            expiresAt: Date(timeIntervalSince1970: TimeInterval(expires)), mediaId: mediaID,
            original: link(id, "original", expires),
            preview: hasVariants ? link(id, "preview", expires) : nil,
            thumbnail: hasVariants ? link(id, "thumbnail", expires) : nil)
    }

    /// The link to an item's thumbnail (none for a video, `hasVariants` false) and when links made now expire.
    func thumbnail(for mediaID: String, hasVariants: Bool) -> (link: String?, expiresAt: Date) {
        let expires = signer.expiry(at: now())
        return (hasVariants ? link(Self.canonical(mediaID), "thumbnail", expires) : nil, Date(timeIntervalSince1970: TimeInterval(expires)))
    }

    /// Links for each id, in order; ids that are not UUIDs (none should be) are left out.
    func links(for mediaIDs: [String]) -> [Components.Schemas.MediaLinks] {
        mediaIDs.filter { UUID(uuidString: $0) != nil }.map { links(for: $0) }
    }

    /// The id as media reads it back from a link: lowercase, and a random one (a link to nothing) for
    /// text that is not a UUID, which no service sends.
    private static func canonical(_ mediaID: String) -> String {
        let id = mediaID.lowercased()
        return UUID(uuidString: id) != nil ? id : UUID().lowercasedString
    }

    /// The signed link to `variant` of the item whose canonical id is `id`.
    private func link(_ id: String, _ variant: String, _ expires: Int64) -> String {
        let signature = signer.signature(mediaID: id, variant: variant, expires: expires)
        return "\(publicBaseURL)/v1/media/\(id)/content?variant=\(variant)&expires=\(expires)&signature=\(signature)"
    }
}
