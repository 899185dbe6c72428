import Foundation
import RoamCore
import RoamProto
import RoamRuntime
import SwiftProtobuf

extension Visibility {
    init?(_ proto: Roam_Bucketlists_V1_Visibility) {
        switch proto {
        case .public: self = .public
        case .followers: self = .followers
        case .private: self = .private
        case .unspecified, .UNRECOGNIZED: return nil
        }
    }

    var proto: Roam_Bucketlists_V1_Visibility {
        switch self {
        case .public: .public
        case .followers: .followers
        case .private: .private
        }
    }
}

extension BucketList {
    var proto: Roam_Bucketlists_V1_BucketList {
        .with {
            $0.listID = id.lowercasedString
            $0.ownerID = ownerID.lowercasedString
            $0.title = details.title
            $0.description_p = details.description
            $0.coverMediaID = details.coverMediaID?.lowercasedString ?? ""
            $0.visibility = details.visibility.proto
            $0.itemCount = Int32(clamping: itemCount)
            $0.completedCount = Int32(clamping: completedCount)
            $0.createdAt = Google_Protobuf_Timestamp(date: createdAt)
            $0.updatedAt = Google_Protobuf_Timestamp(date: updatedAt)
            if let takedown { $0.takedown = takedown.proto }
        }
    }
}

extension NamedPlace {
    /// A place as sent; one without a point is refused rather than put at 0°, 0°.
    init(_ proto: Roam_Bucketlists_V1_Place) throws(RoamError) {
        guard proto.hasPoint else { throw RoamError.invalidField("place.point", "is required") }
        self.init(point: GeoPoint(proto.point), name: proto.name)
    }

    var proto: Roam_Bucketlists_V1_Place {
        .with {
            $0.point = point.proto
            $0.name = name
        }
    }
}

extension Item {
    var proto: Roam_Bucketlists_V1_Item {
        .with {
            $0.itemID = id.lowercasedString
            $0.listID = listID.lowercasedString
            $0.ownerID = ownerID.lowercasedString
            $0.title = details.title
            $0.description_p = details.description
            if let place = details.place { $0.place = place.proto }
            $0.targetDate = details.targetDate?.description ?? ""
            $0.mediaIds = details.mediaIDs.map(\.lowercasedString)
            $0.position = Int32(clamping: position)
            if let completion {
                $0.completion = .with {
                    $0.completedAt = Google_Protobuf_Timestamp(date: completion.at)
                    $0.note = completion.note
                    $0.mediaID = completion.mediaID?.lowercasedString ?? ""
                }
            }
            switch source {
            case .activity(let id): $0.source = .with { $0.activityID = id.lowercasedString }
            case .item(let id): $0.source = .with { $0.itemID = id.lowercasedString }
            case nil: break
            }
            $0.createdAt = Google_Protobuf_Timestamp(date: createdAt)
            $0.updatedAt = Google_Protobuf_Timestamp(date: updatedAt)
            if let takedown { $0.takedown = takedown.proto }
        }
    }
}
