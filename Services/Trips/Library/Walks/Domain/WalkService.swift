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

    // MARK: Reading

    /// A walk the reader may see: their own, a posted one of someone they do not block, or the one a
    /// group walk they belong to follows.
    public func walk(_ id: UUID, for reader: UUID) async throws -> SeenWalk {
        let walk = try await readable(id, for: reader)
        return try await seen([walk], by: reader)[0]
    }

    /// A page of the walk's recorded points, in time order.
    public func path(of id: UUID, for reader: UUID, after: Date?, limit: Int) async throws -> [TrackPoint] {
        _ = try await readable(id, for: reader)
        return try await walks.points(of: id, after: after, limit: min(max(limit, 1), Self.maxPathPage))
    }

    /// The owner's walks, most recently started first.
    public func ownWalks(of owner: UUID, page: PageRequest) async throws -> Page<SeenWalk> {
        let page = try await walks.walks(of: owner, page: page)
        return Page(items: try await seen(page.items, by: owner), nextCursor: page.nextCursor)
    }

    /// The walks the user took or rated (those rated while they may still see them), most recently
    /// started first.
    public func history(of user: UUID, page: PageRequest) async throws -> Page<SeenWalk> {
        let page = try await walks.history(of: user, hiding: try await graph.relations(of: user).hidden, page: page)
        // Taken-down walks are left out after the fetch: a page may be shorter, its cursor still goes on.
        return Page(items: try await seen(page.items.filter { $0.ownerID == user || $0.takedown == nil }, by: user), nextCursor: page.nextCursor)
    }

    /// Finished walks, public ones and the reader's own, as `query` asks.
    public func search(_ query: WalkQuery, page: PageRequest) async throws -> Page<SeenWalk> {
        var query = query
        var validation = Validation()
        if let near = query.near {
            near.center.validate("near", into: &validation)
            validation.require(near.meters > 0 && near.meters <= Self.maxSearchMeters, "within_meters", "must be more than 0 and at most 100,000")
        }
        if query.order == .distance { validation.require(query.near != nil, "order", "distance needs near and within_meters") }
        if let text = query.text {
            validation.require(text.count <= 200, "text", "must be at most 200 characters")
            validation.require(!WalkQuery.words(text).isEmpty, "text", "must have a word")
        }
        query.tag = query.tag.map(WalkDetails.normalised)
        if let tag = query.tag {
            validation.require(WalkDetails.isTag(tag), "tag", "must be 1 to \(WalkDetails.maxTagLength) letters, digits, - or _")
        }
        try validation.check()
        query.hiddenOwners = try await graph.relations(of: query.reader).hidden
        let all = try await walks.search(query, page: page)
        // Taken-down walks are left out after the fetch: a page may be shorter, its cursor still goes on.
        let found = Page(items: all.items.filter { $0.walk.takedown == nil || $0.walk.ownerID == query.reader }, nextCursor: all.nextCursor)
        let seen = try await seen(found.items.map(\.walk), by: query.reader)
        return Page(
            items: zip(seen, found.items).map { seen, item in
                var seen = seen
                seen.meters = item.meters
                return seen
            }, nextCursor: found.nextCursor)
    }

    // MARK: Others' walks

    /// Sets the reader's rating of a walk they may see (not their own): 1 to 5, replacing theirs.
    public func rate(_ id: UUID, rating: Int, by user: UUID) async throws -> SeenWalk {
        var validation = Validation()
        validation.require((1...5).contains(rating), "rating", "must be 1 to 5")
        try validation.check()
        let walk = try await visible(id, for: user)
        guard walk.ownerID != user else { throw WalkError.ownWalk }
        guard let rated = try await walks.rate(id, rating: rating, by: user) else { throw WalkError.notFound }
        return SeenWalk(walk: rated, myRating: rating, walkingNow: try await walks.walkingNow(on: [id])[id] ?? 0)
    }

    /// Whose the walk is, when it exists and the reader may see it (the feed asks before a comment).
    public func visibleWalk(_ id: UUID, for reader: UUID) async throws -> Walk? {
        guard let walk = try await walks.walk(id) else { return nil }
        if walk.ownerID == reader { return walk }
        return walk.isVisible(to: reader, hiding: try await graph.relations(of: reader).hidden) ? walk : nil
    }

    // MARK: GPX

    /// The walk as GPX 1.1 for a reader who may see it.
    public func gpx(of id: UUID, for reader: UUID) async throws -> String {
        let walk = try await readable(id, for: reader)
        let points = try await walks.points(of: id, after: nil, limit: Int.max)
        return WalkGPX(walk: walk, points: points).text
    }

    /// A GPX file's track as the owner's finished, private walk: from its first point to its last,
    /// its waypoints as points of interest. A retry with the same idempotency key answers the first walk.
    public func importGPX(_ file: ImportedWalk, owner: UUID, idempotencyKey: String?) async throws -> Walk {
        var validation = Validation()
        validation.require(file.points.count >= 2, "gpx", "must have a track of at least 2 points with times")
        validation.require(file.points.count <= Self.maxImportedPoints, "gpx", "must have at most \(Self.maxImportedPoints.formatted()) track points")
        // As with points recorded live: none later than now (a minute of clock skew allowed).
        let latest = now().addingTimeInterval(60)
        for (index, point) in file.points.enumerated() where validation.violations.count < GPXReader.maxViolations {
            point.point.validate("gpx.trkpt[\(index)]", into: &validation)
            validation.require(point.at <= latest, "gpx.trkpt[\(index)].time", "must not be in the future")
        }
        validation.require(file.waypoints.count <= 200, "gpx", "must have at most 200 waypoints")
        try validation.check()
        let points = file.points.map { TrackPoint(at: $0.at.wholeMicroseconds, point: $0.point, accuracyMeters: $0.accuracyMeters) }
            .sorted { $0.at < $1.at }
        let name = file.name.trimmingCharacters(in: .whitespacesAndNewlines)
        let details = try WalkDetails(
            title: name.isEmpty ? "Imported walk" : String(name.prefix(WalkDetails.maxTitleLength)),
            description: String(file.description.prefix(WalkDetails.maxDescriptionLength))
        ).validated()
        let time = now()
        let pointsOfInterest = try file.waypoints.map { waypoint in
            try PointOfInterest(
                id: UUID.v7(), point: waypoint.point,
                name: waypoint.name.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? "Waypoint" : String(waypoint.name.prefix(200)),
                note: String(waypoint.note.prefix(PointOfInterest.maxNoteLength)), createdAt: time
            ).validated()
        }
        let walk = Walk(
            id: UUID.v7(), ownerID: owner, details: details, start: WalkPlace(point: points[0].point),
            destination: WalkPlace(point: points[points.count - 1].point), startedAt: points[0].at,
            finishedAt: points[points.count - 1].at, route: WalkRoute(points: points), pointsOfInterest: pointsOfInterest,
            createdAt: time, updatedAt: time)
        return try await walks.create(walk, points: points, idempotencyKey: idempotencyKey)
    }

    // MARK: Work of its own

    /// Finishes walks ongoing for longer than the longest a walk may last, at their last recorded
    /// point (or their start without one); how many.
    public func closeOverdue(limit: Int = 100) async throws -> Int {
        let cutoff = now().addingTimeInterval(-maxDuration.seconds)
        var closed = 0
        for walk in try await walks.ongoing(startedBefore: cutoff, limit: limit) {
            let points = try await walks.points(of: walk.id, after: nil, limit: Int.max)
            let end = min(points.last?.at ?? walk.startedAt, walk.startedAt.addingTimeInterval(maxDuration.seconds))
            if try await finish(walk, at: max(end, walk.startedAt), automatically: true, points: points) != nil { closed += 1 }
        }
        return closed
    }

    /// Deletes a deleted account's walks and withdraws their ratings; how many walks.
    public func purgeUser(_ user: UUID) async throws -> Int {
        try await walks.deleteAll(of: user).count
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

    private func finish(_ walk: Walk, at time: Date, automatically: Bool) async throws -> Walk {
        let points = try await walks.points(of: walk.id, after: nil, limit: Int.max)
        guard let finished = try await finish(walk, at: time, automatically: automatically, points: points) else { throw WalkError.finished }
        return finished
    }

    private func finish(_ walk: Walk, at time: Date, automatically: Bool, points: [TrackPoint]) async throws -> Walk? {
        try await walks.finish(walk.id, owner: walk.ownerID, at: time, route: WalkRoute(points: points), automatically: automatically)
    }

    private func letGo(_ ids: [UUID], of walk: Walk) async throws {
        if !ids.isEmpty { try? await media.detach(ids, from: Self.subject(walk.id), for: walk.ownerID) }
    }
}
