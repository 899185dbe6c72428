import Foundation
import RoamCore

/// The events domain: creating and discovering geofenced events, joining and staying in them,
/// moderation and their end. Free of transport and SQL; works on any `EventRepository`.
public struct EventService: Sendable {
    let events: any EventRepository & GroupWalkRepository
    let hasher: any PasswordHashing
    let policy: EventPolicy
    let notifications: any Notifier
    /// Where banners are attached (the media service); nil only in tests that show no media.
    let media: (any MediaAttachments)?
    /// Who follows whom, for group walks among friends.
    let graph: any SocialGraph
    /// Whether the host may see the walk a group walk follows (trips).
    let routes: any WalkRoutes
    /// Whose events are hidden while their account is suspended (as accounts' feed says).
    let suspended: SuspendedAccounts
    let now: @Sendable () -> Date

    public init(
        events: any EventRepository & GroupWalkRepository, hasher: any PasswordHashing, policy: EventPolicy, notifications: any Notifier,
        media: (any MediaAttachments)? = nil, graph: any SocialGraph = NoSocialGraph(), routes: any WalkRoutes = AnyWalkRoute(),
        suspended: SuspendedAccounts = .shared, now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.suspended = suspended
        self.events = events
        self.media = media
        self.graph = graph
        self.routes = routes
        self.hasher = hasher
        self.policy = policy
        self.notifications = notifications
        self.now = now
    }

    // MARK: Creating and reading

    public func create(_ draft: EventDraft, host: UUID, idempotencyKey: String?) async throws -> EventView {
        let time = now()
        try draft.validate(policy, now: time)
        try IdempotencyKey.check(idempotencyKey)
        let startsAt = max(draft.startsAt ?? time, time)
        let event = Event(
            id: .v7(at: time), hostID: host, name: draft.name.trimmingCharacters(in: .whitespacesAndNewlines),
            description: draft.description, fence: Fence(center: draft.center, radiusMeters: draft.radiusMeters),
            capacity: draft.capacity, memberCount: 1, startsAt: startsAt, endsAt: startsAt.adding(draft.lifetime),
            visibility: draft.visibility,
            passwordHash: draft.visibility == .private ? try await hasher.hash(draft.password) : nil,
            theme: draft.theme, bannerMediaID: draft.bannerMediaID, tags: EventRules.normalizedTags(draft.tags),
            createdAt: time, groupWalk: draft.groupWalk)
        if let walk = draft.groupWalk, try await !routes.isVisible(walk.walkID, to: host) {
            throw RoamError.invalidField("group_walk.walk_id", "must be a walk you may see (yours, or a posted one)")
        }
        // The banner is attached first, so media refuses one that is not the host's before anything is stored.
        let banner = event.bannerMediaID.map { [$0] } ?? []
        if let media, !banner.isEmpty { try await media.attach(banner, to: Self.subject(event.id), for: host, field: "banner_media_id") }
        // Keys are per host, so a retry finds the event this host created.
        let stored: Event
        do {
            stored = try await events.create(event, idempotencyKey: idempotencyKey.flatMap { $0.isEmpty ? nil : $0 })
        } catch {
            if let media, !banner.isEmpty { try? await media.detach(banner, from: Self.subject(event.id), for: host) }
            throw error
        }
        if stored.id != event.id, let media, !banner.isEmpty { try? await media.detach(banner, from: Self.subject(event.id), for: host) }
        return EventView(event: stored, viewerRole: .host)
    }

    /// What media attaches an event's banner to; the event's purge takes what was uploaded for it.
    static func subject(_ event: UUID) -> String {
        "event/\(event.lowercasedString)"
    }

    /// One event as the viewer may see it; a banned viewer sees nothing of it.
    public func event(_ id: UUID, viewer: UUID) async throws -> EventView {
        guard let event = try await events.event(id: id, at: now()), shows(event, to: viewer) else { throw EventsError.eventNotFound }
        let role = try await events.roles(of: viewer, in: [id])[id] ?? .none
        guard role != .banned else { throw EventsError.banned }
        return EventView(event: event, viewerRole: role)
    }

    /// The live events whose fence contains the viewer's position (the home page).
    public func eventsHere(_ position: ReportedPosition, viewer: UUID, page: PageRequest) async throws -> Page<EventListing> {
        var validation = Validation()
        position.validate("position", into: &validation)
        try validation.check()
        let time = now()
        let (hits, roles) = try await events.eventsContaining(position.point, at: time, page: page, viewer: viewer)
        return listings(shown(hits, to: viewer), roles: roles, from: position.point, at: time)
    }

    /// Events not ended within a distance of a point, for a map.
    public func eventsNear(_ point: GeoPoint, within meters: Double?, viewer: UUID, page: PageRequest) async throws -> Page<EventListing> {
        var validation = Validation()
        point.validate("position", into: &validation)
        let within = meters ?? policy.defaultNearbyMeters
        validation.require(
            within.isFinite && within > 0 && within <= policy.maxNearbyMeters, "within_meters",
            "must be more than 0 and at most \(Int(policy.maxNearbyMeters))")
        try validation.check()
        let time = now()
        let hits = shown(try await events.eventsNear(point, within: within, at: time, page: page), to: viewer)
        return listings(hits, roles: try await events.roles(of: viewer, in: hits.items.map(\.event.id)), from: point, at: time)
    }

    private func listings(_ hits: Page<EventHit>, roles: [UUID: Role], from point: GeoPoint, at time: Date) -> Page<EventListing> {
        let items = hits.items.map { hit in
            EventListing(
                view: EventView(event: hit.event, viewerRole: roles[hit.event.id] ?? .none),
                distanceMeters: hit.distanceMeters,
                secondsLeft: Int64(max(0, hit.event.endsAt.timeIntervalSince(time)).rounded(.down)),
                inside: hit.event.isLive(at: time) && hit.event.fence.contains(point))
        }
        return Page(items: items, nextCursor: hits.nextCursor)
    }

    /// The events the user hosts, is a member of, and waits for.
    public func eventsOf(_ user: UUID) async throws -> [EventView] {
        try await events.eventsOf(userID: user, at: now()).filter { shows($0.event, to: user) }.map {
            EventView(event: $0.event, viewerRole: $0.role)
        }
    }

    /// Taken-down events and those of suspended hosts are left out of a listing after the fetch: a page
    /// may be shorter, its cursor still goes on.
    func shown(_ hits: Page<EventHit>, to viewer: UUID) -> Page<EventHit> {
        let hidden = suspended.hidden(from: viewer, at: now())
        return Page(items: hits.items.filter { $0.event.isShown(to: viewer, hiding: hidden) }, nextCursor: hits.nextCursor)
    }

    func shows(_ event: Event, to viewer: UUID) -> Bool {
        event.isShown(to: viewer, hiding: suspended.hidden(from: viewer, at: now()))
    }

    // MARK: Hosting

    public func update(_ id: UUID, _ changes: EventChanges, by host: UUID) async throws -> EventView {
        var newHash: String?
        if let password = changes.password, password.count >= policy.minPasswordLength {
            // Hashing is deliberately slow: only for the host.
            guard let current = try await events.event(id: id, at: now()) else { throw EventsError.eventNotFound }
            guard current.hostID == host else { throw EventsError.notHost }
            newHash = try await hasher.hash(password)
        }
        let passwordHash = newHash
        // A new banner is attached first (refused if not the caller's), the old one let go after.
        var previousBanner: UUID?
        if let media, let banner = changes.bannerMediaID {
            guard let current = try await events.event(id: id, at: now()) else { throw EventsError.eventNotFound }
            guard current.hostID == host else { throw EventsError.notHost }
            previousBanner = current.bannerMediaID
            if let banner, banner != current.bannerMediaID {
                try await media.attach([banner], to: Self.subject(id), for: host, field: "banner_media_id")
            }
        }
        let policy = self.policy
        let updated = try await events.update(id: id, at: now()) { event in
            guard event.hostID == host else { throw EventsError.notHost }
            if event.groupWalk != nil, changes.visibility == .private {
                throw RoamError.invalidField("visibility", "a group walk is public; its privacy says who may join")
            }
            try changes.validate(against: event, policy: policy)
            if let capacity = changes.capacity {
                guard capacity >= event.memberCount else { throw EventsError.capacityBelowMembers(event.memberCount) }
                event.capacity = capacity
            }
            if let name = changes.name { event.name = name.trimmingCharacters(in: .whitespacesAndNewlines) }
            if let description = changes.description { event.description = description }
            if let banner = changes.bannerMediaID { event.bannerMediaID = banner }
            if let theme = changes.theme { event.theme = theme }
            if let tags = changes.tags { event.tags = EventRules.normalizedTags(tags) }
            if let visibility = changes.visibility { event.visibility = visibility }
            if event.visibility == .public {
                event.passwordHash = nil
            } else if let passwordHash {
                event.passwordHash = passwordHash
            }
        }
        guard let updated else { throw EventsError.eventNotFound }
        if let previousBanner, previousBanner != updated.bannerMediaID {
            try? await media?.detach([previousBanner], from: Self.subject(id), for: host)
        }
        await announce(.eventChanged, of: updated)
        // More room lets people in from the waitlist.
        if updated.freePlaces > 0 { _ = try await fillFreePlaces(of: id) }
        return EventView(event: updated, viewerRole: .host)
    }

    /// Ends the event now: it leaves discovery and everything in it is deleted, here and elsewhere.
    /// Someone else's event is not found, as under every delete.
    public func delete(_ id: UUID, by host: UUID) async throws {
        guard let event = try await events.event(id: id, at: now()), event.hostID == host else { throw EventsError.eventNotFound }
        try await end(id, by: host)
    }

    /// Tells every member (and the host) that something happened to the event.
    func announce(_ kind: EventNotification.Kind, of event: Event) async {
        guard let members = try? await events.memberIDs(eventID: event.id) else { return }
        let notification = EventNotification(kind: kind, eventID: event.id, at: now())
        for member in members { await notifications.publish(notification, to: member) }
    }
}
