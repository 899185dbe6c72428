import Foundation
import RoamCore
import Synchronization

/// Walks in memory, for tests and `ROAM_IN_MEMORY`; behaves as `PostgresWalkStore` does (one contract
/// suite runs against both). Nearness is measured to the path's segments on a local flat projection,
/// within centimetres of PostGIS at walking distances.
public final class InMemoryWalkStore: WalkRepository {
    struct State {
        var walks: [UUID: Walk] = [:]
        /// Owner and key → the walk first created with it.
        var keys: [String: UUID] = [:]
        var fingerprints = IdempotencyFingerprints()
        var points: [UUID: [Date: TrackPoint]] = [:]
        /// Walk → rater → stars.
        var ratings: [UUID: [UUID: Int]] = [:]
    }

    let state = Mutex(State())

    public init() {}

    public func create(_ walk: Walk, points: [TrackPoint], idempotencyKey: String?) async throws -> Walk {
        try state.withLock { state throws(RoamError) in
            let key = idempotencyKey.map { "\(walk.ownerID)/\($0)" }
            if let key, let first = state.keys[key], let stored = state.walks[first] {
                try state.fingerprints.checkReplay(key)
                return stored
            }
            var walk = walk
            walk.route.pointCount = points.count
            state.walks[walk.id] = walk
            state.points[walk.id] = Dictionary(points.map { ($0.at, $0) }) { first, _ in first }
            if let key {
                state.keys[key] = walk.id
                state.fingerprints.remember(key)
            }
            return walk
        }
    }

    public func walk(_ id: UUID) async throws -> Walk? {
        state.withLock { $0.walks[id] }
    }

    public func setTakedown(ofWalk id: UUID, _ takedown: Takedown?) async throws -> Walk? {
        state.withLock { state in
            state.walks[id]?.takedown = takedown
            return state.walks[id]
        }
    }

    public func addPoints(_ points: [TrackPoint], walk id: UUID, owner: UUID) async throws -> (recorded: Int, total: Int)? {
        state.withLock { state in
            guard var walk = state.walks[id], walk.ownerID == owner, !walk.isFinished else { return nil }
            var new = 0
            for point in points where state.points[id, default: [:]][point.at] == nil {
                state.points[id, default: [:]][point.at] = point
                new += 1
            }
            walk.route.pointCount = state.points[id]?.count ?? 0
            state.walks[id] = walk
            return (new, walk.route.pointCount)
        }
    }

    public func points(of walk: UUID, after: Date?, limit: Int) async throws -> [TrackPoint] {
        state.withLock { state in
            Array((state.points[walk] ?? [:]).values.filter { point in after.map { point.at > $0 } ?? true }.sorted { $0.at < $1.at }.prefix(limit))
        }
    }

    public func modify(_ id: UUID, owner: UUID, at time: Date, _ change: @escaping @Sendable (inout Walk) throws -> Void) async throws -> Walk? {
        try state.withLock { state in
            guard let stored = state.walks[id], stored.ownerID == owner else { return nil }
            var changed = stored
            try change(&changed)
            // Only what the repository saves may change.
            var saved = stored
            saved.details = changed.details
            saved.visibility = changed.visibility
            saved.pointsOfInterest = changed.pointsOfInterest
            saved.mediaIDs = changed.mediaIDs
            saved.updatedAt = time
            state.walks[id] = saved
            return saved
        }
    }

    public func finish(_ id: UUID, owner: UUID, at time: Date, route: WalkRoute, automatically: Bool) async throws -> Walk? {
        state.withLock { state in
            guard var walk = state.walks[id], walk.ownerID == owner, !walk.isFinished else { return nil }
            walk.finishedAt = time
            walk.closedAutomatically = automatically
            walk.route = route
            walk.updatedAt = time
            state.walks[id] = walk
            return walk
        }
    }

    public func delete(_ id: UUID, owner: UUID) async throws -> Walk? {
        state.withLock { state in
            guard let walk = state.walks[id], walk.ownerID == owner else { return nil }
            state.remove(id)
            return walk
        }
    }

    public func walks(of owner: UUID, page: PageRequest) async throws -> Page<Walk> {
        let offset = try OffsetCursor.decode(page.cursor)
        let mine = state.withLock { state in
            state.walks.values.filter { $0.ownerID == owner }.sorted { ($0.startedAt, $0.id.uuidString) > ($1.startedAt, $1.id.uuidString) }
        }
        return Self.page(mine, offset: offset, size: page.size)
    }

    public func history(of user: UUID, hiding hidden: Set<UUID>, page: PageRequest) async throws -> Page<Walk> {
        let offset = try OffsetCursor.decode(page.cursor)
        let taken = state.withLock { state in
            state.walks.values.filter { walk in
                walk.ownerID == user || (state.ratings[walk.id]?[user] != nil && walk.isVisible(to: user, hiding: hidden))
            }.sorted { ($0.startedAt, $0.id.uuidString) > ($1.startedAt, $1.id.uuidString) }
        }
        return Self.page(taken, offset: offset, size: page.size)
    }

    public func walkingNow(on routes: [UUID]) async throws -> [UUID: Int] {
        let wanted = Set(routes)
        return state.withLock { state in
            var counts: [UUID: Int] = [:]
            for walk in state.walks.values where !walk.isFinished {
                if let route = walk.routeID, wanted.contains(route) { counts[route, default: 0] += 1 }
            }
            return counts
        }
    }

    public func search(_ query: WalkQuery, page: PageRequest) async throws -> Page<(walk: Walk, meters: Double?)> {
        let offset = try OffsetCursor.decode(page.cursor)
        let words = query.text.map(WalkQuery.words) ?? []
        let found = state.withLock { state -> [(walk: Walk, meters: Double?)] in
            state.walks.values.compactMap { walk -> (walk: Walk, meters: Double?)? in
                guard walk.isFinished, walk.isVisible(to: query.reader, hiding: query.hiddenOwners) else { return nil }
                if let tag = query.tag, !walk.details.tags.contains(tag) { return nil }
                let own = Set(WalkQuery.words(walk.searchText))
                guard words.allSatisfy(own.contains) else { return nil }
                guard let near = query.near else { return (walk, nil) }
                let path = (state.points[walk.id] ?? [:]).values.sorted { $0.at < $1.at }.map(\.point)
                let meters = Self.distance(from: near.center, to: path.isEmpty ? [walk.start.point] : path)
                return meters <= near.meters ? (walk, meters) : nil
            }
        }
        let sorted = found.sorted { a, b in
            let recent = ((a.walk.finishedAt ?? .distantPast), a.walk.id.uuidString) > ((b.walk.finishedAt ?? .distantPast), b.walk.id.uuidString)
            switch query.order {
            case .distance:
                return a.meters! != b.meters! ? a.meters! < b.meters! : recent
            case .rating:
                let (ra, rb) = (a.walk.ratingCount == 0 ? -1 : a.walk.ratingAverage, b.walk.ratingCount == 0 ? -1 : b.walk.ratingAverage)
                if ra != rb { return ra > rb }
                return a.walk.ratingCount != b.walk.ratingCount ? a.walk.ratingCount > b.walk.ratingCount : recent
            case .recent:
                return recent
            }
        }
        return Self.page(sorted, offset: offset, size: page.size)
    }

    public func rate(_ id: UUID, rating: Int, by user: UUID) async throws -> Walk? {
        state.withLock { state in
            guard var walk = state.walks[id] else { return nil }
            if let old = state.ratings[id]?[user] {
                walk.ratingSum += rating - old
            } else {
                walk.ratingSum += rating
                walk.ratingCount += 1
            }
            state.ratings[id, default: [:]][user] = rating
            state.walks[id] = walk
            return walk
        }
    }

    public func ratings(by user: UUID, of walks: [UUID]) async throws -> [UUID: Int] {
        state.withLock { state in
            Dictionary(uniqueKeysWithValues: walks.compactMap { id in state.ratings[id]?[user].map { (id, $0) } })
        }
    }

    public func ongoing(startedBefore cutoff: Date, limit: Int) async throws -> [Walk] {
        state.withLock { state in
            Array(state.walks.values.filter { !$0.isFinished && $0.startedAt < cutoff }.sorted { $0.startedAt < $1.startedAt }.prefix(limit))
        }
    }

    public func deleteAll(of user: UUID) async throws -> [Walk] {
        state.withLock { state in
            let theirs = state.walks.values.filter { $0.ownerID == user }
            for walk in theirs { state.remove(walk.id) }
            for (id, raters) in state.ratings {
                guard let stars = raters[user], var walk = state.walks[id] else { continue }
                walk.ratingSum -= stars
                walk.ratingCount -= 1
                state.walks[id] = walk
                state.ratings[id]?[user] = nil
            }
            return theirs
        }
    }

    static func page<Item>(_ items: [Item], offset: Int, size: Int) -> Page<Item> {
        let slice = Array(items.dropFirst(offset).prefix(size))
        let next = offset + size < items.count ? OffsetCursor.token(offset + size) : nil
        return Page(items: slice, nextCursor: next)
    }

    /// The shortest distance from `point` to the path (its segments), on a plane centred on the point
    /// (metres east and north), as spherical as walking distances need.
    static func distance(from point: GeoPoint, to path: [GeoPoint]) -> Double {
        let radius = GeoPoint.earthRadiusMeters
        let scale = cos(point.latitude * .pi / 180)
        func local(_ other: GeoPoint) -> (x: Double, y: Double) {
            var east = other.longitude - point.longitude
            if east > 180 { east -= 360 } else if east < -180 { east += 360 }
            return (east * .pi / 180 * radius * scale, (other.latitude - point.latitude) * .pi / 180 * radius)
        }
        let projected = path.map(local)
        guard projected.count > 1 else { return projected.first.map { _ in point.distance(to: path[0]) } ?? .infinity }
        var best = Double.infinity
        for (a, b) in zip(projected, projected.dropFirst()) {
            best = min(best, TrackSimplifier.distance((0, 0), from: a, to: b))
        }
        return best
    }
}

extension InMemoryWalkStore.State {
    /// A walk goes with its points and ratings, and walks that followed it follow nothing, as
    /// PostgreSQL's foreign keys take them.
    mutating func remove(_ id: UUID) {
        walks[id] = nil
        for (other, walk) in walks where walk.routeID == id { walks[other]?.routeID = nil }
        points[id] = nil
        ratings[id] = nil
        keys = keys.filter { $0.value != id }
    }
}
