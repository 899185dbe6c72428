import Foundation
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
        return .init(expiresAt: Date(timeIntervalSince1970: TimeInterval(expires)), mediaId: mediaID,
                     original: link(mediaID, "original", expires),
                     preview: hasVariants ? link(mediaID, "preview", expires) : nil,
                     thumbnail: hasVariants ? link(mediaID, "thumbnail", expires) : nil)
    }

    /// The link to an item's thumbnail (none for a video, `hasVariants` false) and when links made now expire.
    func thumbnail(for mediaID: String, hasVariants: Bool) -> (link: String?, expiresAt: Date) {
        let expires = signer.expiry(at: now())
        return (hasVariants ? link(mediaID, "thumbnail", expires) : nil, Date(timeIntervalSince1970: TimeInterval(expires)))
    }

    /// Links for each id, in order; ids that are not UUIDs (none should be) are left out.
    func links(for mediaIDs: [String]) -> [Components.Schemas.MediaLinks] {
        mediaIDs.filter { UUID(uuidString: $0) != nil }.map { links(for: $0) }
    }

    private func link(_ mediaID: String, _ variant: String, _ expires: Int64) -> String {
        let id = mediaID.lowercased()
        let signature = signer.signature(media: UUID(uuidString: id) ?? UUID(), variant: variant, expires: expires)
        return "\(publicBaseURL)/v1/media/\(id)/content?variant=\(variant)&expires=\(expires)&signature=\(signature)"
    }
}
