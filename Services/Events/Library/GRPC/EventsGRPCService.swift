import Foundation
import GRPCCore
import RoamProto
import RoamRuntime
import SwiftProtobuf

/// The gRPC face of the events service: converts messages and calls `EventService`.
public struct EventsGRPCService: Roam_Events_V1_EventsService.SimpleServiceProtocol, ActsForCaller {
    let events: EventService
    let notifications: NotificationHub

    private var context: CallContext { CallContext.current }

    public func createEvent(request: Roam_Events_V1_CreateEventRequest, context _: ServerContext) async throws -> Roam_Events_V1_CreateEventResponse {
        let host = try caller()
        guard request.hasCenter else { throw RoamError.invalidField("center", "is required") }
        let visibility: Event.Visibility
        switch request.visibility {
        case .private: visibility = .private
        case .public, .unspecified: visibility = .public
        case .UNRECOGNIZED: throw RoamError.invalidField("visibility", "must be public or private")
        }
        var draft = EventDraft(
            name: request.name, description: request.description_p, center: GeoPoint(request.center),
            radiusMeters: request.radiusMeters, capacity: Int(request.capacity),
            startsAt: request.hasStartsAt ? request.startsAt.date : nil,
            lifetime: .seconds(request.durationSeconds), visibility: visibility, password: request.password, theme: request.theme,
            bannerMediaID: request.bannerMediaID.isEmpty ? nil : try UUID(field: "banner_media_id", request.bannerMediaID),
            tags: request.tags, groupWalk: request.hasGroupWalk ? try GroupWalk(request.groupWalk) : nil)
        // A group walk's centre is its meeting point; 100 m around it unless the host says otherwise.
        if draft.groupWalk != nil, request.radiusMeters == 0 { draft.radiusMeters = 100 }
        let view = try await events.create(draft, host: host, idempotencyKey: request.idempotencyKey)
        return .with { $0.event = view.proto }
    }

    public func listEventsHere(
        request: Roam_Events_V1_ListEventsHereRequest, context _: ServerContext
    ) async throws -> Roam_Events_V1_ListEventsResponse {
        let viewer = try caller()
        let position = try ReportedPosition(field: "position", request.position, present: request.hasPosition)
        let page = try await events.eventsHere(position, viewer: viewer, page: request.page.domain())
        return .with {
            $0.events = page.items.map(\.proto)
            $0.page = .init(cursor: page.nextCursor)
        }
    }

    public func listEventsNearby(
        request: Roam_Events_V1_ListEventsNearbyRequest, context _: ServerContext
    ) async throws -> Roam_Events_V1_ListEventsResponse {
        let viewer = try caller()
        guard request.hasPosition else { throw RoamError.invalidField("position", "is required") }
        let page = try await events.eventsNear(
            GeoPoint(request.position), within: request.withinMeters == 0 ? nil : request.withinMeters,
            viewer: viewer, page: request.page.domain())
        return .with {
            $0.events = page.items.map(\.proto)
            $0.page = .init(cursor: page.nextCursor)
        }
    }

    public func getEvent(request: Roam_Events_V1_GetEventRequest, context _: ServerContext) async throws -> Roam_Events_V1_GetEventResponse {
        let view = try await events.event(UUID(field: "event_id", request.eventID), viewer: caller())
        return .with { $0.event = view.proto }
    }

    public func listMyEvents(
        request: Roam_Events_V1_ListMyEventsRequest, context _: ServerContext
    ) async throws -> Roam_Events_V1_ListMyEventsResponse {
        let views = try await events.eventsOf(caller())
        return .with {
            $0.hosting = views.filter { $0.viewerRole == .host }.map(\.proto)
            $0.memberOf = views.filter { $0.viewerRole == .member }.map(\.proto)
            $0.waitlisted = views.filter { $0.viewerRole == .waitlisted }.map(\.proto)
        }
    }

    public func updateEvent(request: Roam_Events_V1_UpdateEventRequest, context _: ServerContext) async throws -> Roam_Events_V1_UpdateEventResponse {
        // Empty removes the banner.
        let banner: UUID?? =
            request.hasBannerMediaID
            ? .some(request.bannerMediaID.isEmpty ? nil : try UUID(field: "banner_media_id", request.bannerMediaID)) : nil
        let visibility: Event.Visibility?
        switch request.visibility {
        case .public: visibility = .public
        case .private: visibility = .private
        case .unspecified: visibility = nil
        case .UNRECOGNIZED: throw RoamError.invalidField("visibility", "must be public or private")
        }
        let changes = EventChanges(
            name: request.hasName ? request.name : nil, description: request.hasDescription_p ? request.description_p : nil,
            bannerMediaID: banner, theme: request.hasTheme ? request.theme : nil, visibility: visibility,
            password: request.hasPassword ? request.password : nil, capacity: request.hasCapacity ? Int(request.capacity) : nil,
            tags: request.replaceTags ? request.tags : nil)
        let view = try await events.update(UUID(field: "event_id", request.eventID), changes, by: caller())
        return .with { $0.event = view.proto }
    }

    public func deleteEvent(request: Roam_Events_V1_DeleteEventRequest, context _: ServerContext) async throws -> Roam_Events_V1_DeleteEventResponse {
        try await events.delete(UUID(field: "event_id", request.eventID), by: caller())
        return .init()
    }

    public func joinEvent(request: Roam_Events_V1_JoinEventRequest, context _: ServerContext) async throws -> Roam_Events_V1_JoinEventResponse {
        let user = try caller()
        let id = try UUID(field: "event_id", request.eventID)
        // A group walk takes no position; an event with a fence says it is required.
        let position = request.hasPosition ? try ReportedPosition(field: "position", request.position, present: true) : nil
        let outcome = try await events.join(id, user: user, at: position, password: request.password, waitlistIfFull: request.waitlistIfFull)
        return Self.joinResponse(outcome, user: user)
    }

    static func joinResponse(_ outcome: JoinOutcome, user: UUID) -> Roam_Events_V1_JoinEventResponse {
        .with {
            switch outcome {
            case .joined(let event):
                $0.outcome = .joined
                $0.event = EventView(event: event, viewerRole: .member).proto
            case .alreadyMember(let event):
                $0.outcome = .alreadyMember
                $0.event = EventView(event: event, viewerRole: event.hostID == user ? .host : .member).proto
            case .waitlisted(let event, let place):
                $0.outcome = .waitlisted
                $0.waitlistPosition = Int32(place)
                $0.event = EventView(event: event, viewerRole: .waitlisted).proto
            }
        }
    }

    public func leaveEvent(request: Roam_Events_V1_LeaveEventRequest, context _: ServerContext) async throws -> Roam_Events_V1_LeaveEventResponse {
        try await events.leave(UUID(field: "event_id", request.eventID), user: caller())
        return .init()
    }

    public func reportPosition(
        request: Roam_Events_V1_ReportPositionRequest, context _: ServerContext
    ) async throws -> Roam_Events_V1_ReportPositionResponse {
        let user = try caller()
        let position = try ReportedPosition(field: "position", request.position, present: request.hasPosition)
        let update = try await events.reportPosition(position, user: user)
        return .with {
            $0.left = update.left.map { departure in
                .with {
                    $0.eventID = departure.eventID.lowercasedString
                    $0.reason = departure.reason.proto
                }
            }
            $0.admittedEventIds = update.admitted.map(\.lowercasedString)
            $0.memberOfEventIds = update.memberOf.map(\.lowercasedString)
        }
    }

    public func streamNotifications(
        request: Roam_Events_V1_StreamNotificationsRequest,
        response: RPCWriter<Roam_Events_V1_Notification>, context _: ServerContext
    ) async throws {
        let user = try caller()
        let stream = notifications.subscribe(user)
        try await response.write(EventNotification(kind: .connected, at: Date()).proto)
        try await response.relay(stream) { $0.proto }
    }

    public func watchDepartures(
        request: Roam_Events_V1_WatchDeparturesRequest,
        response: RPCWriter<Roam_Events_V1_MemberDeparture>, context _: ServerContext
    ) async throws {
        try await response.relay(notifications.watchDepartures()) { departure in
            .with {
                $0.eventID = departure.eventID.lowercasedString
                if let user = departure.userID { $0.userID = user.lowercasedString }
                $0.reason = departure.reason.proto
            }
        }
    }

    public func listMembers(request: Roam_Events_V1_ListMembersRequest, context _: ServerContext) async throws -> Roam_Events_V1_ListMembersResponse {
        let page = try await events.members(of: UUID(field: "event_id", request.eventID), host: caller(), page: request.page.domain())
        return .with {
            $0.members = page.items.map(\.proto)
            $0.page = .init(cursor: page.nextCursor)
        }
    }

    public func reportMember(
        request: Roam_Events_V1_ReportMemberRequest, context _: ServerContext
    ) async throws -> Roam_Events_V1_ReportMemberResponse {
        let reporter = try caller()
        let (report, banned) = try await events.report(
            UUID(field: "user_id", request.userID), in: UUID(field: "event_id", request.eventID),
            by: reporter, reason: Report.Reason(request.reason), text: request.text)
        return .with {
            $0.report = report.proto
            $0.targetBanned = banned
        }
    }

    public func listReports(request: Roam_Events_V1_ListReportsRequest, context _: ServerContext) async throws -> Roam_Events_V1_ListReportsResponse {
        let id = try UUID(field: "event_id", request.eventID)
        let page =
            Self.isModerator
            ? try await events.moderatedReports(of: id, page: request.page.domain())
            : try await events.reports(of: id, host: caller(), page: request.page.domain())
        return .with {
            $0.reports = page.items.map(\.proto)
            $0.page = .init(cursor: page.nextCursor)
        }
    }

    public func banMember(request: Roam_Events_V1_BanMemberRequest, context _: ServerContext) async throws -> Roam_Events_V1_BanMemberResponse {
        try await events.ban(UUID(field: "user_id", request.userID), from: UUID(field: "event_id", request.eventID), host: caller())
        return .init()
    }

    public func unbanMember(request: Roam_Events_V1_UnbanMemberRequest, context _: ServerContext) async throws -> Roam_Events_V1_UnbanMemberResponse {
        try await events.unban(UUID(field: "user_id", request.userID), from: UUID(field: "event_id", request.eventID), host: caller())
        return .init()
    }

    public func listBans(request: Roam_Events_V1_ListBansRequest, context _: ServerContext) async throws -> Roam_Events_V1_ListBansResponse {
        let id = try UUID(field: "event_id", request.eventID)
        let page =
            Self.isModerator
            ? try await events.moderatedBans(of: id, page: request.page.domain())
            : try await events.bans(of: id, host: caller(), page: request.page.domain())
        return .with {
            $0.bans = page.items.map(\.proto)
            $0.page = .init(cursor: page.nextCursor)
        }
    }

    public func listLiveEvents(
        request: Roam_Events_V1_ListLiveEventsRequest, context _: ServerContext
    ) async throws -> Roam_Events_V1_ListLiveEventsResponse {
        _ = try CallContext.current.requireModerator()
        let page = try await events.liveEvents(page: request.page.domain())
        return .with {
            $0.events = page.items.map { live in
                .with {
                    // Moderators see a private event whole, as its host does, without being its host.
                    $0.event = EventView(event: live.event, viewerRole: .host).proto
                    $0.event.viewerRole = Role.none.proto
                    $0.reportCount = Int32(clamping: live.reportCount)
                    $0.banCount = Int32(clamping: live.banCount)
                }
            }
            $0.page = .init(cursor: page.nextCursor)
        }
    }

    /// Whether the caller has a moderator's or admin's role (or is an operator's tool).
    static var isModerator: Bool { (try? CallContext.current.requireModerator()) != nil }

    public func checkMembership(
        request: Roam_Events_V1_CheckMembershipRequest, context _: ServerContext
    ) async throws -> Roam_Events_V1_CheckMembershipResponse {
        let user = try UUID(field: "user_id", request.userID)
        // Services may ask about anyone; a user only about themselves.
        guard context.isService || context.userID == user else {
            throw RoamError.permissionDenied("you may only check your own membership")
        }
        let (active, role) = try await events.membership(of: user, in: UUID(field: "event_id", request.eventID))
        return .with {
            $0.active = active
            $0.role = role.proto
        }
    }
}
