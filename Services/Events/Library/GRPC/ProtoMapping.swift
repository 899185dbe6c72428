import Foundation
import RoamProto
import RoamRuntime
import SwiftProtobuf

// Conversions between the events domain and `roam.events.v1` messages.

extension EventView {
    var proto: Roam_Events_V1_Event {
        .with {
            $0.eventID = event.id.lowercasedString
            $0.name = event.name
            $0.center = event.fence.center.proto
            $0.radiusMeters = event.fence.radiusMeters
            $0.capacity = Int32(event.capacity)
            $0.memberCount = Int32(event.memberCount)
            $0.startsAt = Google_Protobuf_Timestamp(date: event.startsAt)
            $0.endsAt = Google_Protobuf_Timestamp(date: event.endsAt)
            $0.visibility = event.visibility == .private ? .private : .public
            $0.locked = isLocked
            $0.viewerRole = viewerRole.proto
            if let walk = event.groupWalk { $0.groupWalk = walk.proto }
            // What is inside a private event stays inside.
            guard !isLocked else { return }
            $0.hostID = event.hostID.lowercasedString
            $0.description_p = event.description
            $0.theme = event.theme
            $0.bannerMediaID = event.bannerMediaID?.lowercasedString ?? ""
            $0.tags = event.tags
            $0.createdAt = Google_Protobuf_Timestamp(date: event.createdAt)
            if let takedown = event.takedown { $0.takedown = takedown.proto }
        }
    }
}

extension EventListing {
    var proto: Roam_Events_V1_EventSummary {
        .with {
            $0.event = view.proto
            $0.distanceMeters = distanceMeters
            $0.secondsLeft = secondsLeft
            $0.inside = inside
        }
    }
}

extension ReportedPosition {
    /// A position from a request; a missing one gets INVALID_ARGUMENT naming `field`.
    init(field: String, _ proto: Roam_Common_V1_ReportedPosition, present: Bool) throws(RoamError) {
        guard present, proto.hasPosition else { throw RoamError.invalidField(field, "is required") }
        self.init(point: GeoPoint(proto.position), accuracyMeters: proto.accuracyMeters)
    }
}

extension Role {
    var proto: Roam_Events_V1_Role {
        switch self {
        case .none: .none
        case .member: .member
        case .host: .host
        case .waitlisted: .waitlisted
        case .banned: .banned
        }
    }
}

extension DepartureReason {
    var proto: Roam_Events_V1_DepartureReason {
        switch self {
        case .leftFence: .leftFence
        case .noPosition: .noPosition
        case .banned: .banned
        case .left: .left
        case .eventEnded: .eventEnded
        }
    }
}

extension EventNotification {
    var proto: Roam_Events_V1_Notification {
        .with {
            $0.kind =
                switch kind {
                case .connected: .connected
                case .removed: .removed
                case .banned: .banned
                case .eventChanged: .eventChanged
                case .eventEnded: .eventEnded
                case .admitted: .admitted
                case .memberJoined: .memberJoined
                case .memberLeft: .memberLeft
                case .invited: .invited
                case .positionShared: .positionShared
                }
            if let position { $0.position = position.proto }
            $0.eventID = eventID?.lowercasedString ?? ""
            $0.userID = userID?.lowercasedString ?? ""
            $0.reason = reason?.proto ?? .unspecified
            $0.at = Google_Protobuf_Timestamp(date: at)
        }
    }
}

extension Member {
    var proto: Roam_Events_V1_Member {
        .with {
            $0.userID = userID.lowercasedString
            $0.role = role.proto
            $0.joinedAt = Google_Protobuf_Timestamp(date: joinedAt)
            $0.lastSeenAt = Google_Protobuf_Timestamp(date: lastSeenAt)
        }
    }
}

extension Report {
    var proto: Roam_Events_V1_Report {
        .with {
            $0.reportID = id.lowercasedString
            $0.reporterID = reporterID.lowercasedString
            $0.targetID = targetID.lowercasedString
            $0.reason =
                switch reason {
                case .spam: .spam
                case .harassment: .harassment
                case .inappropriate: .inappropriate
                case .other: .other
                }
            $0.text = text
            $0.createdAt = Google_Protobuf_Timestamp(date: createdAt)
        }
    }
}

extension Report.Reason {
    init?(_ proto: Roam_Events_V1_ReportReason) {
        switch proto {
        case .spam: self = .spam
        case .harassment: self = .harassment
        case .inappropriate: self = .inappropriate
        case .other: self = .other
        default: return nil
        }
    }
}

extension Ban {
    var proto: Roam_Events_V1_Ban {
        .with {
            $0.userID = userID.lowercasedString
            $0.bannedBy = bannedBy?.lowercasedString ?? ""
            $0.createdAt = Google_Protobuf_Timestamp(date: createdAt)
        }
    }
}

extension GroupWalk {
    var proto: Roam_Events_V1_GroupWalk {
        .with {
            $0.walkID = walkID.lowercasedString
            $0.privacy =
                switch privacy {
                case .everyone: .everyone
                case .friends: .friends
                case .invited: .invited
                }
        }
    }

    /// A request's group walk; a missing or unknown privacy is named.
    init(_ proto: Roam_Events_V1_GroupWalk) throws(RoamError) {
        let privacy: GroupWalkPrivacy =
            switch proto.privacy {
            case .everyone: .everyone
            case .friends: .friends
            case .invited: .invited
            case .unspecified, .UNRECOGNIZED: throw RoamError.invalidField("group_walk.privacy", "must be everyone, friends or invited")
            }
        self.init(walkID: try UUID(field: "group_walk.walk_id", proto.walkID), privacy: privacy)
    }
}

extension ReportedPosition {
    var proto: Roam_Common_V1_ReportedPosition {
        .with {
            $0.position = point.proto
            $0.accuracyMeters = accuracyMeters
        }
    }
}

extension SharedPosition {
    var proto: Roam_Events_V1_SharedPosition {
        .with {
            $0.userID = userID.lowercasedString
            $0.position = position.proto
            $0.at = Google_Protobuf_Timestamp(date: at)
        }
    }
}
