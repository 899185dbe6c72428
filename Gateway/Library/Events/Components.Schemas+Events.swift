import RoamAPI
import RoamProto
import RoamRuntime

// The events service's protobuf messages as the document's schemas, and back.

extension Components.Schemas.LatLng {
    init(_ proto: Roam_Common_V1_LatLng) {
        self.init(latitude: proto.latitude, longitude: proto.longitude)
    }

    var proto: Roam_Common_V1_LatLng {
        .with {
            $0.latitude = latitude
            $0.longitude = longitude
        }
    }
}

extension Roam_Common_V1_ReportedPosition {
    init(latitude: Double, longitude: Double, accuracyMeters: Double) {
        self = .with {
            $0.position.latitude = latitude
            $0.position.longitude = longitude
            $0.accuracyMeters = accuracyMeters
        }
    }
}

extension Components.Schemas.Event {
    init(_ event: Roam_Events_V1_Event, links: MediaLinkMaker) {
        let open = !event.locked
        self.init(
            banner: open && !event.bannerMediaID.isEmpty ? links.links(for: event.bannerMediaID) : nil,
            bannerMediaId: open && !event.bannerMediaID.isEmpty ? event.bannerMediaID : nil, capacity: event.capacity,
            center: .init(event.center), createdAt: open ? event.createdAt.date : nil,
            description: open ? event.description_p : nil, endsAt: event.endsAt.date, eventId: event.eventID,
            hostId: open ? event.hostID : nil, locked: event.locked, memberCount: event.memberCount,
            myRole: MyRolePayload(rawValue: "\(event.viewerRole)".snakeCased) ?? .none, name: event.name,
            radiusMeters: event.radiusMeters, startsAt: event.startsAt.date, tags: open ? event.tags : nil,
            takenDown: event.hasTakedown ? .init(event.takedown) : nil,
            theme: open ? event.theme : nil, visibility: event.visibility == .private ? ._private : ._public)
        groupWalk = Components.Schemas.GroupWalk(event)
    }
}

extension Components.Schemas.JoinResult {
    init(_ response: Roam_Events_V1_JoinEventResponse, links: MediaLinkMaker) {
        self.init(
            event: .init(response.event, links: links),
            outcome: OutcomePayload(rawValue: "\(response.outcome)".snakeCased) ?? .joined,
            waitlistPosition: response.outcome == .waitlisted ? Int(response.waitlistPosition) : nil)
    }
}

extension Components.Schemas.GroupWalk {
    init?(_ proto: Roam_Events_V1_Event) {
        guard proto.hasGroupWalk else { return nil }
        let privacy: PrivacyPayload =
            switch proto.groupWalk.privacy {
            case .friends: .friends
            case .invited: .invited
            case .everyone, .unspecified, .UNRECOGNIZED: .everyone
            }
        self.init(walkId: proto.groupWalk.walkID, privacy: privacy)
    }
}

extension Components.Schemas.EventPage {
    init(_ response: Roam_Events_V1_ListEventsResponse, links: MediaLinkMaker) {
        self.init(
            events: response.events.map { summary in
                .init(
                    distanceMeters: summary.distanceMeters, event: .init(summary.event, links: links), inside: summary.inside,
                    secondsLeft: summary.secondsLeft)
            }, nextPageToken: .pageToken(response.page))
    }
}

extension Components.Schemas.Presence {
    init(_ response: Roam_Events_V1_ReportPositionResponse) {
        self.init(
            admittedEventIds: response.admittedEventIds,
            left: response.left.map { departure in
                .init(eventId: departure.eventID, reason: .init(rawValue: "\(departure.reason)".snakeCased) ?? .left)
            }, memberOfEventIds: response.memberOfEventIds)
    }
}

extension Components.Schemas.EventNotification {
    /// Nil for a kind the document does not list yet (from a newer events service): clients are not
    /// sent what they cannot know.
    init?(_ notification: Roam_Events_V1_Notification) {
        guard let kind = KindPayload(rawValue: "\(notification.kind)".snakeCased) else { return nil }
        self.init(
            at: notification.at.date, eventId: notification.eventID, kind: kind,
            position: notification.hasPosition
                ? .init(
                    accuracyMeters: notification.position.accuracyMeters,
                    latitude: notification.position.position.latitude,
                    longitude: notification.position.position.longitude) : nil,
            reason: notification.reason == .unspecified ? nil : ReasonPayload(rawValue: "\(notification.reason)".snakeCased),
            userId: notification.userID.isEmpty ? nil : notification.userID)
    }
}

/// A whole number the service takes as 32 bits, or a field error (the document's range is checked by
/// the service; this only keeps a huge number from overflowing on the way).
func int32(_ value: Int, field: String) throws(RoamError) -> Int32 {
    guard let value = Int32(exactly: value) else { throw RoamError.invalidField(field, "is out of range") }
    return value
}
