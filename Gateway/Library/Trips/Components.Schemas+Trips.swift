import RoamAPI
import RoamProto
import RoamRuntime

extension Components.Schemas.Trip {
    init(_ proto: Roam_Trips_V1_Trip) {
        let phase: PhasePayload =
            switch proto.phase {
            case .upcoming: .upcoming
            case .past: .past
            case .current, .unspecified, .UNRECOGNIZED: .current
            }
        self.init(
            createdAt: proto.createdAt.date, dayCount: Int(proto.dayCount), destination: .init(proto.destination),
            endDate: proto.endDate, homeCurrency: proto.homeCurrency, id: proto.id, phase: phase,
            startDate: proto.startDate, timeZone: proto.timeZone, title: proto.title, tracking: proto.tracking)
    }
}

extension Components.Schemas.Destination {
    init(_ proto: Roam_Trips_V1_Destination) {
        self.init(name: proto.name, point: proto.hasPoint ? .init(proto.point) : nil)
    }

    var proto: Roam_Trips_V1_Destination {
        .with {
            $0.name = name
            if let point { $0.point = point.proto }
        }
    }
}

extension Components.Schemas.Pin {
    init(_ proto: Roam_Trips_V1_Pin, links: MediaLinkMaker) {
        self.init(
            cover: proto.coverMediaID.isEmpty ? nil : links.links(for: proto.coverMediaID), coverChosen: proto.coverChosen,
            createdAt: proto.createdAt.date, date: proto.date, description: proto.description_p, id: proto.id,
            placeId: proto.placeID.isEmpty ? nil : proto.placeID, point: .init(proto.point), source: .user, tags: proto.tags, title: proto.title,
            tripId: proto.tripID, visitedAt: proto.visitedAt.date)
    }
}

extension Components.Schemas.DayRoute {
    /// The route as GeoJSON: a line through the stops (when there are two or more), then each stop.
    init(_ proto: Roam_Trips_V1_GetDayRouteResponse) {
        let source: SourcePayload =
            switch proto.source {
            case .track: .track
            case .pins: .pins
            case .photos: .photos
            case .none, .unspecified, .UNRECOGNIZED: .none
            }
        var features: [Components.Schemas.RouteFeature] = []
        if proto.source == .track {
            let lines = proto.track.map { $0.points.map { [$0.position.longitude, $0.position.latitude] } }
            features.append(
                .init(
                    geometry: .init(coordinates: .init(value3: lines), _type: .multiLineString),
                    properties: .init(kind: .track), _type: .feature))
        } else if proto.stops.count >= 2 {
            features.append(
                .init(
                    geometry: .init(
                        coordinates: .init(value2: proto.stops.map { [$0.point.longitude, $0.point.latitude] }),
                        _type: .lineString),
                    properties: .init(kind: .route), _type: .feature))
        }
        for stop in proto.stops {
            let properties = Components.Schemas.RouteFeatureProperties(
                at: stop.at.date, kind: stop.pinID.isEmpty ? .photo : .pin, mediaId: stop.mediaID.isEmpty ? nil : stop.mediaID,
                pinId: stop.pinID.isEmpty ? nil : stop.pinID, title: stop.title.isEmpty ? nil : stop.title)
            features.append(
                .init(
                    geometry: .init(coordinates: .init(value1: [stop.point.longitude, stop.point.latitude]), _type: .point),
                    properties: properties, _type: .feature))
        }
        self.init(date: proto.date, features: features, source: source, _type: .featureCollection)
    }
}

extension Components.Schemas.TrackSegment {
    init(_ proto: Roam_Trips_V1_TrackSegment) {
        self.init(
            points: proto.points.map {
                .init(
                    accuracyMeters: $0.hasAccuracyMeters ? $0.accuracyMeters : nil, at: $0.at.date, latitude: $0.position.latitude,
                    longitude: $0.position.longitude)
            })
    }
}

extension Components.Schemas.JournalEntry {
    init(_ proto: Roam_Trips_V1_JournalEntry, links: MediaLinkMaker) {
        self.init(
            body: proto.body, cover: proto.coverMediaID.isEmpty ? nil : links.links(for: proto.coverMediaID), createdAt: proto.createdAt.date,
            date: proto.date, id: proto.id,
            locationTags: proto.locationTags.map { tag in
                switch tag.tag {
                case .pinID(let id): .init(pinId: id, title: tag.title)
                case .placeID(let id): .init(placeId: id, title: tag.title)
                case .text(let text): .init(text: text)
                case nil: .init()
                }
            },
            media: links.links(for: proto.mediaIds), mediaIds: proto.mediaIds, prompt: proto.prompt.isEmpty ? nil : proto.prompt,
            promptId: proto.promptID.isEmpty ? nil : proto.promptID, title: proto.title, tripId: proto.tripID)
    }
}

extension Components.Schemas.JournalEntryRequest {
    /// The entry for trips; a tag naming more than one thing is refused by field (one naming nothing
    /// goes on, for trips to name with the entry's other faults).
    func proto() throws(RoamError) -> Roam_Trips_V1_JournalEntryFields {
        var validation = Validation()
        let tags = (locationTags ?? []).enumerated().map { index, tag in
            let given = [tag.text.map { .text($0) }, tag.pinId.map { .pinID($0) }, tag.placeId.map { .placeID($0) }]
                .compactMap { $0 as Roam_Trips_V1_LocationTag.OneOf_Tag? }
            validation.require(given.count <= 1, "locationTags[\(index)]", "must have exactly one of text, pinId and placeId")
            return Roam_Trips_V1_LocationTag.with { $0.tag = given.first }
        }
        try validation.check()
        return .with {
            $0.title = title
            $0.body = body
            $0.date = date ?? ""
            $0.mediaIds = mediaIds ?? []
            $0.promptID = promptId ?? ""
            $0.locationTags = tags
        }
    }
}

extension Components.Schemas.TripReminder {
    /// Nil for a kind the document does not list yet (from a newer trips service).
    init?(_ notification: Roam_Trips_V1_TripNotification) {
        let kind: KindPayload
        switch notification.kind {
        case .tripStarting: kind = .tripStarting
        case .itineraryReminder: kind = .itineraryReminder
        case .dailyReminder: kind = .dailyReminder
        default: return nil
        }
        self.init(
            at: notification.at.date, date: notification.date, dueAt: notification.dueAt.date,
            itemId: notification.itemID.isEmpty ? nil : notification.itemID, kind: kind,
            placeId: notification.placeID.isEmpty ? nil : notification.placeID, time: notification.time.isEmpty ? nil : notification.time,
            title: notification.title, tripId: notification.tripID)
    }
}
