import Foundation
import RoamCore
import RoamProto
import RoamRuntime
import SwiftProtobuf

extension Trip {
    /// The trip as sent, its phase taken at `instant` in its own zone.
    func proto(at instant: Date) -> Roam_Trips_V1_Trip {
        .with {
            $0.id = id.lowercasedString
            $0.title = details.title
            $0.destination = details.destination.proto
            $0.startDate = details.dates.start.description
            $0.endDate = details.dates.end.description
            $0.timeZone = details.zone.identifier
            $0.homeCurrency = details.homeCurrency
            $0.phase = details.phase(at: instant).proto
            $0.dayCount = Int32(details.dates.dayCount)
            $0.createdAt = Google_Protobuf_Timestamp(date: createdAt)
            $0.tracking = tracking
        }
    }
}

extension Destination {
    var proto: Roam_Trips_V1_Destination {
        .with {
            $0.name = name
            if let point { $0.point = point.proto }
        }
    }

    init(_ proto: Roam_Trips_V1_Destination) {
        self.init(name: proto.name, point: proto.hasPoint ? GeoPoint(proto.point) : nil)
    }
}

extension TripPhase {
    var proto: Roam_Trips_V1_TripPhase {
        switch self {
        case .upcoming: .upcoming
        case .current: .current
        case .past: .past
        }
    }

    /// The phase a request names; unspecified is none (every trip).
    init?(field: String, _ proto: Roam_Trips_V1_TripPhase) throws(RoamError) {
        switch proto {
        case .unspecified: return nil
        case .upcoming: self = .upcoming
        case .current: self = .current
        case .past: self = .past
        case .UNRECOGNIZED: throw RoamError.invalidField(field, "must be upcoming, current or past")
        }
    }
}

extension Pin {
    /// The pin as sent, filed under its day in `zone`, with the cover it shows.
    func proto(zone: TripZone, cover: UUID?) -> Roam_Trips_V1_Pin {
        .with {
            $0.id = id.lowercasedString
            $0.tripID = tripID.lowercasedString
            $0.title = details.title
            $0.description_p = details.description
            $0.point = details.point.proto
            $0.visitedAt = Google_Protobuf_Timestamp(date: details.visitedAt)
            $0.date = zone.date(of: details.visitedAt).description
            $0.tags = details.tags
            $0.source =
                switch details.source {
                case .user: .user
                }
            if let cover { $0.coverMediaID = cover.lowercasedString }
            $0.coverChosen = details.coverMediaID != nil
            if let place = details.placeID { $0.placeID = place.lowercasedString }
            $0.createdAt = Google_Protobuf_Timestamp(date: createdAt)
        }
    }
}

extension SeenWalk {
    var proto: Roam_Trips_V1_Walk {
        .with {
            $0.id = walk.id.lowercasedString
            $0.ownerID = walk.ownerID.lowercasedString
            $0.title = walk.details.title
            $0.description_p = walk.details.description
            $0.tags = walk.details.tags
            $0.start = walk.start.proto
            if let destination = walk.destination { $0.destination = destination.proto }
            $0.startedAt = Google_Protobuf_Timestamp(date: walk.startedAt)
            if let finishedAt = walk.finishedAt { $0.finishedAt = Google_Protobuf_Timestamp(date: finishedAt) }
            $0.visibility = walk.visibility == .public ? .public : .private
            $0.distanceMeters = walk.route.distanceMeters
            $0.durationSeconds = Int64(walk.duration.rounded())
            $0.pointCount = Int32(clamping: walk.route.pointCount)
            $0.preview = walk.route.preview.map(\.proto)
            $0.pointsOfInterest = walk.pointsOfInterest.map { point in
                .with {
                    $0.id = point.id.lowercasedString
                    $0.point = point.point.proto
                    $0.name = point.name
                    $0.note = point.note
                    $0.mediaIds = point.mediaIDs.map(\.lowercasedString)
                    $0.createdAt = Google_Protobuf_Timestamp(date: point.createdAt)
                }
            }
            $0.mediaIds = walk.mediaIDs.map(\.lowercasedString)
            $0.ratingAverage = walk.ratingAverage
            $0.ratingCount = Int32(clamping: walk.ratingCount)
            $0.myRating = Int32(myRating ?? 0)
            $0.distanceFromPointMeters = meters ?? 0
            $0.closedAutomatically = walk.closedAutomatically
            $0.createdAt = Google_Protobuf_Timestamp(date: walk.createdAt)
            $0.updatedAt = Google_Protobuf_Timestamp(date: walk.updatedAt)
            $0.routeID = walk.routeID?.lowercasedString ?? ""
            $0.walkingNow = Int32(clamping: walkingNow)
            if let takedown = walk.takedown { $0.takedown = takedown.proto }
        }
    }
}

extension WalkPlace {
    var proto: Roam_Trips_V1_WalkPlace {
        .with {
            $0.point = point.proto
            $0.name = name
        }
    }

    init(_ proto: Roam_Trips_V1_WalkPlace) {
        self.init(point: GeoPoint(proto.point), name: proto.name)
    }
}
