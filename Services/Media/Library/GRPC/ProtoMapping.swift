import Foundation
import RoamCore
import RoamProto
import RoamRuntime
import SwiftProtobuf

extension MediaItem {
    var proto: Roam_Media_V1_MediaItem {
        .with {
            $0.mediaID = id.lowercasedString
            $0.ownerID = ownerID.lowercasedString
            $0.kind = type.proto
            $0.contentType = type.contentType
            $0.sizeBytes = Int64(sizeBytes)
            $0.sha256 = sha256
            $0.width = Int32(width ?? 0)
            $0.height = Int32(height ?? 0)
            $0.orientation = Int32(orientation ?? 0)
            if let captureTime { $0.captured = captureTime.proto }
            if let position { $0.position = position.proto }
            $0.cameraMake = cameraMake ?? ""
            $0.cameraModel = cameraModel ?? ""
            $0.deviceAssetID = deviceAssetID ?? ""
            $0.description_p = description
            $0.tags = tags
            $0.inLibrary = inLibrary
            $0.positionInferred = positionInferred
            $0.createdAt = Google_Protobuf_Timestamp(date: createdAt)
            $0.hasVariants_p = !type.isVideo
            if let takedown { $0.takedown = takedown.proto }
        }
    }
}

extension MediaType {
    var proto: Roam_Media_V1_MediaKind {
        switch self {
        case .jpeg: .jpeg
        case .png: .png
        case .webp: .webp
        case .heic: .heic
        case .heif: .heif
        case .mp4: .mp4
        case .mov: .mov
        }
    }
}

extension CaptureTime {
    var proto: Roam_Media_V1_CaptureTime {
        .with {
            $0.at = Google_Protobuf_Timestamp(date: date)
            if let utcOffsetSeconds { $0.utcOffsetSeconds = Int32(utcOffsetSeconds) }
        }
    }

    init(_ proto: Roam_Media_V1_CaptureTime) {
        self.init(date: proto.at.date, utcOffsetSeconds: proto.hasUtcOffsetSeconds ? Int(proto.utcOffsetSeconds) : nil)
    }
}

extension UploadDetails {
    init(_ start: Roam_Media_V1_UploadStart) throws(RoamError) {
        guard !start.hasClientCaptured || start.clientCaptured.hasAt else { throw RoamError.invalidField("client_captured.at", "is required") }
        self.init(
            clientCaptureTime: start.hasClientCaptured ? CaptureTime(start.clientCaptured) : nil,
            clientPosition: start.hasClientPosition ? GeoPoint(start.clientPosition) : nil,
            deviceAssetID: start.deviceAssetID.isEmpty ? nil : start.deviceAssetID, inLibrary: !start.attachmentOnly,
            idempotencyKey: start.idempotencyKey.isEmpty ? nil : start.idempotencyKey)
    }
}
