import Foundation
import RoamAPI
import RoamProto
import RoamRuntime

// The media service's protobuf messages as the document's schemas.

extension Components.Schemas.Media {
    init(_ item: Roam_Media_V1_MediaItem, links: MediaLinkMaker, duplicate: Bool? = nil) {
        let kind = KindPayload(rawValue: item.kind.documentName) ?? .jpeg
        let hasImageFacts = item.width > 0
        self.init(
            cameraMake: item.cameraMake.isEmpty ? nil : item.cameraMake,
            cameraModel: item.cameraModel.isEmpty ? nil : item.cameraModel,
            capturedAt: item.hasCaptured ? item.captured.at.date : nil, contentType: item.contentType,
            createdAt: item.createdAt.date, description: item.description_p,
            deviceAssetId: item.deviceAssetID.isEmpty ? nil : item.deviceAssetID, duplicate: duplicate,
            height: hasImageFacts ? Int(item.height) : nil, inLibrary: item.inLibrary, kind: kind,
            links: links.links(for: item.mediaID, hasVariants: item.hasVariants_p), mediaId: item.mediaID,
            orientation: hasImageFacts ? Int(item.orientation) : nil,
            position: item.hasPosition ? .init(latitude: item.position.latitude, longitude: item.position.longitude) : nil,
            positionInferred: item.hasPosition ? item.positionInferred : nil,
            sha256: item.sha256, sizeBytes: item.sizeBytes, tags: item.tags,
            takenDown: item.hasTakedown ? .init(item.takedown) : nil,
            utcOffsetSeconds: item.captured.hasUtcOffsetSeconds ? Int(item.captured.utcOffsetSeconds) : nil,
            width: hasImageFacts ? Int(item.width) : nil)
    }
}

extension Roam_Media_V1_MediaKind {
    /// The name the document gives this kind (`jpeg`, `mp4`…).
    var documentName: String {
        switch self {
        case .png: "png"
        case .webp: "webp"
        case .heic: "heic"
        case .heif: "heif"
        case .mp4: "mp4"
        case .mov: "mov"
        default: "jpeg"
        }
    }
}
