import Foundation
import RoamAPI
import RoamProto

extension Components.Schemas.DayPhoto {
    init(_ item: Roam_Media_V1_MediaItem, links: MediaLinkMaker) {
        let hasImageFacts = item.width > 0
        let thumbnail = links.thumbnail(for: item.mediaID, hasVariants: item.hasVariants_p)
        self.init(
            mediaId: item.mediaID, kind: KindPayload(rawValue: item.kind.documentName) ?? .jpeg,
            capturedAt: item.hasCaptured ? item.captured.at.date : nil,
            utcOffsetSeconds: item.captured.hasUtcOffsetSeconds ? Int(item.captured.utcOffsetSeconds) : nil,
            position: item.hasPosition ? .init(latitude: item.position.latitude, longitude: item.position.longitude) : nil,
            width: hasImageFacts ? Int(item.width) : nil, height: hasImageFacts ? Int(item.height) : nil,
            thumbnail: thumbnail.link, expiresAt: thumbnail.expiresAt)
    }
}
