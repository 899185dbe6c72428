import Foundation
import RoamCore

/// Reading walks: one, its path, the owner's, the history, search; rating others' walks.
extension WalkService {
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
}
