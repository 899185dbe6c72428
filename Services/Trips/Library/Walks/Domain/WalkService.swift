import Foundation
import RoamCore

/// Walks: the owner starts one, records its path, adds points of interest and photos, finishes it and
/// posts it (or makes it private again); others see posted walks, rate them and find them by words, tag
/// and nearness. Users who block each other see nothing of each other's walks.
public struct WalkService: Sendable {
    public static let maxSearchMeters = 100_000.0
    /// Points one page of a walk's path holds at most.
    public static let maxPathPage = 5_000
    /// A GPX file holds at most this many track points.
    public static let maxImportedPoints = 100_000

    let walks: any WalkRepository
    let media: any MediaAttachments
    let graph: any SocialGraph
    let groupWalks: any GroupWalkMembership
    /// An ongoing walk is finished by `closeOverdue` once it has lasted this long.
    let maxDuration: Duration
    let now: @Sendable () -> Date

    public init(
        walks: any WalkRepository, media: any MediaAttachments, graph: any SocialGraph, groupWalks: any GroupWalkMembership,
        maxDuration: Duration = .seconds(12 * 3600), now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.walks = walks
        self.media = media
        self.graph = graph
        self.groupWalks = groupWalks
        self.maxDuration = maxDuration
        self.now = now
    }

    // MARK: The owner's walk

    /// Starts the owner's walk, perhaps along a finished walk they found (its route); a retry with the
    /// same idempotency key answers the first walk.
    public func start(_ start: WalkStart, owner: UUID, idempotencyKey: String?) async throws -> Walk {
        let details = try start.details.validated()
        var validation = Validation()
        let from = start.start.validated("start", into: &validation)
        let to = start.destination?.validated("destination", into: &validation)
        let time = now()
        let startedAt = (start.startedAt ?? time).wholeMicroseconds
        validation.require(startedAt <= time.addingTimeInterval(60), "started_at", "must not be in the future")
        validation.require(time.timeIntervalSince(startedAt) < maxDuration.seconds, "started_at", "must be within the longest a walk may last")
        try validation.check()
        if let route = start.routeID {
            guard let followed = try await visibleWalk(route, for: owner), followed.isFinished else {
                throw RoamError.invalidField("route_id", "must be a finished walk you can see")
            }
        }
        let walk = Walk(
            id: UUID.v7(), ownerID: owner, details: details, start: from, destination: to, routeID: start.routeID,
            startedAt: startedAt, createdAt: time, updatedAt: time)
        return try await walks.create(walk, points: [], idempotencyKey: idempotencyKey)
    }

    /// Records points of the owner's ongoing walk; how many were new and how many it has.
    public func record(_ points: [TrackPoint], walk id: UUID, owner: UUID) async throws -> (recorded: Int, total: Int) {
        let walk = try await own(id, owner: owner)
        guard !walk.isFinished else { throw WalkError.finished }
        var validation = Validation()
        validation.require(
            !points.isEmpty && points.count <= TrackPoint.batchLimit, "points", "must hold 1 to \(TrackPoint.batchLimit.formatted()) points")
        let latest = now().addingTimeInterval(60)
        for (index, point) in points.enumerated() {
            point.point.validate("points[\(index)]", into: &validation)
            validation.require(point.accuracyMeters.map { $0.isFinite && $0 >= 0 } ?? true, "points[\(index)].accuracy_meters", "must be 0 or more")
            validation.require(point.at >= walk.startedAt && point.at <= latest, "points[\(index)].at", "must be between the walk's start and now")
        }
        try validation.check()
        // Microseconds, as PostgreSQL keeps them, so a point sent twice is the same point in both stores.
        let stored = points.map { TrackPoint(at: $0.at.wholeMicroseconds, point: $0.point, accuracyMeters: $0.accuracyMeters) }
        guard let counts = try await walks.addPoints(stored, walk: id, owner: owner) else { throw WalkError.finished }
        return counts
    }

    /// Adds a point of interest, during the walk or after; its photos are attached through media.
    public func addPointOfInterest(_ point: PointOfInterest, walk id: UUID, owner: UUID) async throws -> Walk {
        let checked = try PointOfInterest(
            id: UUID.v7(), point: point.point, name: point.name, note: point.note,
            mediaIDs: point.mediaIDs, createdAt: now()
        ).validated()
        _ = try await own(id, owner: owner)
        if !checked.mediaIDs.isEmpty { try await media.attach(checked.mediaIDs, to: Self.subject(id), for: owner, field: "media_ids") }
        guard let walk = try await walks.modify(id, owner: owner, at: now(), { $0.pointsOfInterest.append(checked) }) else {
            throw WalkError.notFound
        }
        return walk
    }

    /// Removes a point of interest; its photos are let go unless the walk shows them elsewhere.
    public func removePointOfInterest(_ pointID: UUID, walk id: UUID, owner: UUID) async throws -> Walk {
        let before = try await own(id, owner: owner)
        guard before.pointsOfInterest.contains(where: { $0.id == pointID }) else { throw RoamError.notFound("point of interest") }
        guard let walk = try await walks.modify(id, owner: owner, at: now(), { $0.pointsOfInterest.removeAll { $0.id == pointID } }) else {
            throw WalkError.notFound
        }
        try await letGo(before.allMediaIDs.filter { !walk.allMediaIDs.contains($0) }, of: walk)
        return walk
    }

    /// Finishes the owner's ongoing walk (now, or at `time`): its distance, duration and preview are fixed
    /// from the recorded points. It stays private until posted.
    public func finish(_ id: UUID, owner: UUID, at time: Date? = nil) async throws -> Walk {
        let walk = try await own(id, owner: owner)
        guard !walk.isFinished else { throw WalkError.finished }
        let finishedAt = (time ?? now()).wholeMicroseconds
        var validation = Validation()
        validation.require(
            finishedAt >= walk.startedAt && finishedAt <= now().addingTimeInterval(60), "finished_at",
            "must be between the walk's start and now")
        try validation.check()
        return try await finish(walk, at: finishedAt, automatically: false)
    }

    /// Posts the owner's finished walk (public) or makes it private again.
    public func setVisibility(_ visibility: WalkVisibility, walk id: UUID, owner: UUID) async throws -> Walk {
        guard
            let walk = try await walks.modify(
                id, owner: owner, at: now(),
                { walk in
                    guard walk.isFinished else { throw WalkError.ongoing }
                    walk.visibility = visibility
                })
        else { throw WalkError.notFound }
        return walk
    }

    /// Changes the title, description, tags or photos given.
    public func update(_ id: UUID, changes: WalkChanges, owner: UUID) async throws -> Walk {
        let before = try await own(id, owner: owner)
        var details = before.details
        if let title = changes.title { details.title = title }
        if let description = changes.description { details.description = description }
        if let tags = changes.tags { details.tags = tags }
        let checked = try details.validated()
        if let mediaIDs = changes.mediaIDs {
            var validation = Validation()
            validation.require(mediaIDs.count <= Walk.maxPhotos, "media_ids", "at most \(Walk.maxPhotos) photos")
            validation.require(Set(mediaIDs).count == mediaIDs.count, "media_ids", "must not repeat a photo")
            try validation.check()
            let added = mediaIDs.filter { !before.allMediaIDs.contains($0) }
            if !added.isEmpty { try await media.attach(added, to: Self.subject(id), for: owner, field: "media_ids") }
        }
        guard
            let walk = try await walks.modify(
                id, owner: owner, at: now(),
                { walk in
                    walk.details = checked
                    if let mediaIDs = changes.mediaIDs { walk.mediaIDs = mediaIDs }
                })
        else { throw WalkError.notFound }
        try await letGo(before.allMediaIDs.filter { !walk.allMediaIDs.contains($0) }, of: walk)
        return walk
    }

    /// Deletes the owner's walk; one that is not theirs, or is gone already, is not found.
    public func delete(_ id: UUID, owner: UUID) async throws {
        guard let walk = try await walks.delete(id, owner: owner) else { throw WalkError.notFound }
        try await letGo(walk.allMediaIDs, of: walk)
    }

    // MARK: Helpers

    /// The subject media holds a walk's photos under.
    static func subject(_ id: UUID) -> String { "walk/\(id.lowercasedString)" }

    /// The walks as the reader sees them: their ratings, and how many walk each now.
    func seen(_ list: [Walk], by reader: UUID) async throws -> [SeenWalk] {
        let ids = list.map(\.id)
        let ratings = try await walks.ratings(by: reader, of: ids)
        let walking = try await walks.walkingNow(on: ids)
        return list.map { SeenWalk(walk: $0, myRating: ratings[$0.id], walkingNow: walking[$0.id] ?? 0) }
    }

    func own(_ id: UUID, owner: UUID) async throws -> Walk {
        guard let walk = try await walks.walk(id), walk.ownerID == owner else { throw WalkError.notFound }
        return walk
    }

    func visible(_ id: UUID, for reader: UUID) async throws -> Walk {
        guard let walk = try await visibleWalk(id, for: reader) else { throw WalkError.notFound }
        return walk
    }

    /// A walk the reader may see, or one a group walk they belong to follows while a host of it may see
    /// it (and neither the reader nor the owner blocks the other). Reading only: rating, following and
    /// commenting still need the walk to be visible to the reader.
    func readable(_ id: UUID, for reader: UUID) async throws -> Walk {
        guard let walk = try await walks.walk(id) else { throw WalkError.notFound }
        if walk.ownerID == reader { return walk }
        // Taken down: nobody but its owner reads it, through a group walk either.
        guard walk.takedown == nil else { throw WalkError.notFound }
        let hidden = try await graph.relations(of: reader).hidden
        if walk.isVisible(to: reader, hiding: hidden) { return walk }
        // Events is asked only when nothing else lets the reader in.
        guard !hidden.contains(walk.ownerID) else { throw WalkError.notFound }
        for host in try await groupWalks.hosts(ofGroupWalksFollowing: id, joinedBy: reader) where host != reader {
            if walk.isVisible(to: host, hiding: try await graph.relations(of: host).hidden) { return walk }
        }
        throw WalkError.notFound
    }

    func finish(_ walk: Walk, at time: Date, automatically: Bool) async throws -> Walk {
        let points = try await walks.points(of: walk.id, after: nil, limit: Int.max)
        guard let finished = try await finish(walk, at: time, automatically: automatically, points: points) else { throw WalkError.finished }
        return finished
    }

    func finish(_ walk: Walk, at time: Date, automatically: Bool, points: [TrackPoint]) async throws -> Walk? {
        try await walks.finish(walk.id, owner: walk.ownerID, at: time, route: WalkRoute(points: points), automatically: automatically)
    }

    func letGo(_ ids: [UUID], of walk: Walk) async throws {
        if !ids.isEmpty { try? await media.detach(ids, from: Self.subject(walk.id), for: walk.ownerID) }
    }
}
