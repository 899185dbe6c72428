import RoamAPI
import RoamProto
import RoamRuntime

// The trips service's walk messages as the document's schemas, and back. Photos come with signed links.

extension Components.Schemas.WalkPlace {
    init(_ proto: Roam_Trips_V1_WalkPlace) {
        self.init(point: .init(proto.point), name: proto.name.isEmpty ? nil : proto.name)
    }

    var proto: Roam_Trips_V1_WalkPlace {
        .with {
            $0.point = point.proto
            $0.name = name ?? ""
        }
    }
}

extension Components.Schemas.WalkPoint {
    init(_ proto: Roam_Trips_V1_TrackPoint) {
        self.init(
            at: proto.at.date, latitude: proto.position.latitude, longitude: proto.position.longitude,
            accuracyMeters: proto.hasAccuracyMeters ? proto.accuracyMeters : nil)
    }

    var proto: Roam_Trips_V1_TrackPoint {
        .with {
            $0.at = .init(date: at)
            $0.position = .with {
                $0.latitude = latitude; $0.longitude = longitude
            }
            if let accuracyMeters { $0.accuracyMeters = accuracyMeters }
        }
    }
}

extension Components.Schemas.Walk {
    init(_ proto: Roam_Trips_V1_Walk, links: MediaLinkMaker) {
        self.init(
            id: proto.id, ownerId: proto.ownerID, title: proto.title, description: proto.description_p, tags: proto.tags,
            start: .init(proto.start), destination: proto.hasDestination ? .init(proto.destination) : nil,
            status: proto.hasFinishedAt ? .finished : .ongoing, visibility: proto.visibility == .public ? ._public : ._private,
            startedAt: proto.startedAt.date, finishedAt: proto.hasFinishedAt ? proto.finishedAt.date : nil,
            durationSeconds: proto.durationSeconds, distanceMeters: proto.distanceMeters, pointCount: proto.pointCount,
            preview: proto.preview.map(Components.Schemas.LatLng.init),
            pointsOfInterest: proto.pointsOfInterest.map { point in
                .init(
                    id: point.id, point: .init(point.point), name: point.name, note: point.note, mediaIds: point.mediaIds,
                    media: links.links(for: point.mediaIds), createdAt: point.createdAt.date)
            },
            mediaIds: proto.mediaIds, media: links.links(for: proto.mediaIds), ratingAverage: proto.ratingAverage,
            ratingCount: proto.ratingCount, myRating: proto.myRating == 0 ? nil : proto.myRating,
            distanceFromPointMeters: nil, closedAutomatically: proto.closedAutomatically,
            routeId: proto.routeID.isEmpty ? nil : proto.routeID, walkingNow: proto.walkingNow,
            createdAt: proto.createdAt.date, updatedAt: proto.updatedAt.date,
            takenDown: proto.hasTakedown ? .init(proto.takedown) : nil)
    }

    /// A search result near a point says how far the path passes from it.
    init(_ proto: Roam_Trips_V1_Walk, links: MediaLinkMaker, withDistance: Bool) {
        self.init(proto, links: links)
        if withDistance { distanceFromPointMeters = proto.distanceFromPointMeters }
    }
}
