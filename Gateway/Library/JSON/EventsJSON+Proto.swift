import Foundation
import RoamProto
import RoamRuntime

extension LatLngJSON {
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

extension PositionBody {
    var proto: Roam_Common_V1_ReportedPosition {
        .with {
            $0.position = LatLngJSON(latitude: latitude, longitude: longitude).proto
            $0.accuracyMeters = accuracyMeters
        }
    }
}

extension JoinEventBody {
    var position: PositionBody { PositionBody(latitude: latitude, longitude: longitude, accuracyMeters: accuracyMeters) }
}

/// Enum values in JSON are the proto value names without their prefix, in lower snake case.
enum WireName {
    static func visibility(_ text: String?) throws(RoamError) -> Roam_Events_V1_Visibility {
        switch text {
        case nil: return .unspecified
        case "public": return .public
        case "private": return .private
        default: throw RoamError.invalidField("visibility", "must be public or private")
        }
    }

    static func reportReason(_ text: String) throws(RoamError) -> Roam_Events_V1_ReportReason {
        switch text {
        case "spam": .spam
        case "harassment": .harassment
        case "inappropriate": .inappropriate
        case "other": .other
        default: throw RoamError.invalidField("reason", "must be spam, harassment, inappropriate or other")
        }
    }
}

extension String {
    /// `leftFence` → `left_fence`.
    var snakeCased: String {
        reduce(into: "") { result, character in
            if character.isUppercase { result += "_" + character.lowercased() } else { result.append(character) }
        }
    }
}

extension EventJSON {
    init(_ event: Roam_Events_V1_Event) {
        eventId = event.eventID
        name = event.name
        center = LatLngJSON(event.center)
        radiusMeters = event.radiusMeters
        capacity = event.capacity
        memberCount = event.memberCount
        startsAt = event.startsAt.date
        endsAt = event.endsAt.date
        visibility = event.visibility == .private ? "private" : "public"
        locked = event.locked
        myRole = "\(event.viewerRole)".snakeCased
        guard !event.locked else { return }
        hostId = event.hostID
        description = event.description_p
        theme = event.theme
        bannerMediaId = event.bannerMediaID.isEmpty ? nil : event.bannerMediaID
        tags = event.tags
        createdAt = event.createdAt.date
    }
}

extension EventPageJSON {
    init(_ response: Roam_Events_V1_ListEventsResponse) {
        events = response.events.map { summary in
            EventSummaryJSON(event: EventJSON(summary.event), distanceMeters: summary.distanceMeters,
                             secondsLeft: summary.secondsLeft, inside: summary.inside)
        }
        nextPageToken = response.page.nextPageToken.isEmpty ? nil : response.page.nextPageToken
    }
}

extension ReportJSON {
    init(_ report: Roam_Events_V1_Report) {
        self.init(reportId: report.reportID, reporterId: report.reporterID, targetId: report.targetID,
                  reason: "\(report.reason)".snakeCased, text: report.text, createdAt: report.createdAt.date)
    }
}

extension NotificationJSON {
    init(_ notification: Roam_Events_V1_Notification) {
        kind = "\(notification.kind)".snakeCased
        eventId = notification.eventID.isEmpty ? nil : notification.eventID
        userId = notification.userID.isEmpty ? nil : notification.userID
        reason = notification.reason == .unspecified ? nil : "\(notification.reason)".snakeCased
        at = notification.at.date
    }
}

extension Optional where Wrapped == String {
    /// A page token as JSON: absent when there are no more pages.
    static func pageToken(_ page: Roam_Common_V1_PageResponse) -> String? {
        page.nextPageToken.isEmpty ? nil : page.nextPageToken
    }
}
