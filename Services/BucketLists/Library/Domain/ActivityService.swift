import Foundation
import RoamCore

/// Activities suggested by locals: their authors write them, everyone votes on them, finds them near a
/// place and copies them into lists. Users who block each other (either way) do not see each other's.
public struct ActivityService: Sendable {
    let activities: any ActivityRepository
    let lists: BucketListService
    let graph: any SocialGraph
    let media: any MediaAttachments
    let now: @Sendable () -> Date

    /// The radii trending tries in turn while fewer than `trendingEnough` activities are found.
    public static let trendingRadii: [Double] = [1_000, 2_000, 5_000, 10_000, 20_000, 50_000]
    public static let trendingEnough = 20
    /// The widest circle a search may ask for.
    public static let maxSearchMeters = 100_000.0

    public init(
        activities: any ActivityRepository, lists: BucketListService, graph: any SocialGraph, media: any MediaAttachments,
        now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.activities = activities
        self.lists = lists
        self.graph = graph
        self.media = media
        self.now = now
    }

    static let notFound = RoamError.notFound("activity")

    /// An activity as one reader sees it: with their own vote, whether it is one of their favourites, and
    /// its distance when searched near a point.
    public struct Seen: Sendable, Hashable {
        public var activity: Activity
        public var myVote: Vote?
        public var meters: Double?
        public var isFavourite = false
    }

    public func create(_ details: ActivityDetails, author: UUID, idempotencyKey: String?) async throws -> Seen {
        let details = try details.validated()
        try IdempotencyKey.check(idempotencyKey)
        let created = now()
        let activity = Activity(id: .v7(at: created), authorID: author, details: details, createdAt: created, updatedAt: created)
        if !details.mediaIDs.isEmpty { try await media.attach(details.mediaIDs, to: Self.subject(of: activity), for: author, field: "media_ids") }
        let stored = try await activities.create(activity, idempotencyKey: idempotencyKey.flatMap { $0.isEmpty ? nil : $0 })
        // A retry answered by the first activity: this one's photos stay with nothing.
        if stored.id != activity.id, !details.mediaIDs.isEmpty {
            try? await media.detach(details.mediaIDs, from: Self.subject(of: activity), for: author)
        }
        return try await seen(stored, by: author)
    }

    public func activity(_ id: UUID, for reader: UUID) async throws -> Seen {
        try await seen(visible(id, for: reader), by: reader)
    }

    public func update(_ id: UUID, changes: ActivityChanges, author: UUID) async throws -> Seen {
        guard let activity = try await activities.activity(id), activity.authorID == author else { throw Self.notFound }
        let details = try changes.applied(to: activity.details).validated()
        try await media.replace(activity.details.mediaIDs, with: details.mediaIDs, on: Self.subject(of: activity), for: author, field: "media_ids")
        guard let updated = try await activities.update(id, author: author, details: details, at: now()) else { throw Self.notFound }
        return try await seen(updated, by: author)
    }

    /// Deletes the activity and its votes; items copied from it stay in their lists. One that is not the
    /// author's, or is gone already, is not found.
    public func delete(_ id: UUID, author: UUID) async throws {
        guard let activity = try await activities.delete(id, author: author) else { throw Self.notFound }
        if !activity.details.mediaIDs.isEmpty { try? await media.detach(activity.details.mediaIDs, from: Self.subject(of: activity), for: author) }
    }

    /// Sets the reader's vote (nil withdraws it; withdrawing when there is none is not found, as a
    /// repeated delete is).
    public func vote(_ vote: Vote?, on id: UUID, by user: UUID) async throws -> Seen {
        _ = try await visible(id, for: user)
        guard let voted = try await activities.vote(vote, on: id, by: user) else { throw Self.notFound }
        if vote == nil, voted.previous == nil { throw RoamError.notFound("vote") }
        var seen = Seen(activity: voted.activity, myVote: vote)
        seen.isFavourite = try await !activities.favourites(by: user, among: [id]).isEmpty
        return seen
    }

    /// The activities answering `query`, without those of users hidden from the reader.
    public func search(_ query: ActivityQuery, for reader: UUID, page: PageRequest) async throws -> Page<Seen> {
        var validation = Validation()
        var query = query
        switch query.area {
        case .circle(let center, let meters):
            center.validate("near", into: &validation)
            validation.require(meters > 0 && meters <= Self.maxSearchMeters, "within_meters", "must be more than 0 and at most 100,000")
        case .box(let box):
            box.validate(into: &validation)
        case nil:
            break
        }
        if query.order == .distance { validation.require(query.area?.center != nil, "order", "distance needs near and within_meters") }
        if let text = query.text {
            validation.require(text.count <= 200, "text", "must be at most 200 characters")
            validation.require(!ActivityQuery.words(text).isEmpty, "text", "must have a word")
        }
        query.tag = query.tag.map(ActivityDetails.normalise)
        if let tag = query.tag {
            validation.require(ActivityDetails.isTag(tag), "tag", "must be 1 to \(ActivityDetails.maxTagLength) letters, digits, - or _")
        }
        try validation.check()
        query.hiddenAuthors = try await hidden(from: reader)
        let page = try await activities.search(query, page: page)
        // Taken-down activities are left out after the fetch: a page may be shorter, its cursor still goes on.
        return Page(items: try await seen(page.items.filter { $0.activity.isShown(to: reader) }, by: reader), nextCursor: page.nextCursor)
    }

    /// The best-ranked activities near `point`: the circle widens through `trendingRadii` while fewer
    /// than 20 are in it. Returns them and the radius that was used.
    public func trending(near point: GeoPoint, limit: Int, for reader: UUID) async throws -> (activities: [Seen], meters: Double) {
        var validation = Validation()
        point.validate("near", into: &validation)
        validation.require((1...100).contains(limit), "limit", "must be 1 to 100")
        try validation.check()
        let hidden = try await hidden(from: reader)
        var found: [(activity: Activity, meters: Double)] = [], radius = Self.trendingRadii[0]
        for meters in Self.trendingRadii {
            radius = meters
            found = try await activities.trending(near: point, within: meters, hiding: hidden, limit: limit)
            if found.count >= min(limit, Self.trendingEnough) { break }
        }
        return (try await seen(found.filter { $0.activity.isShown(to: reader) }.map { ($0.activity, $0.meters) }, by: reader), radius)
    }

    /// Makes the activity one of the reader's favourites; marking it again changes nothing.
    public func favourite(_ id: UUID, by reader: UUID) async throws -> Seen {
        _ = try await visible(id, for: reader)
        guard try await activities.favourite(id, by: reader, at: now()) != nil else { throw Self.notFound }
        return try await activity(id, for: reader)
    }

    /// Takes the activity off the reader's favourites; one that is not among them is not found, as a
    /// repeated delete is.
    public func unfavourite(_ id: UUID, by reader: UUID) async throws {
        guard try await activities.unfavourite(id, by: reader) else { throw RoamError.notFound("favourite") }
    }

    /// The reader's favourite activities, the latest marked first, without those of users hidden from them.
    public func favourites(of reader: UUID, page: PageRequest) async throws -> Page<Seen> {
        let page = try await activities.favouriteActivities(of: reader, hiding: try await hidden(from: reader), page: page)
        return Page(items: try await seen(page.items.filter { $0.isShown(to: reader) }.map { ($0, nil) }, by: reader), nextCursor: page.nextCursor)
    }

    /// Copies the activity into one of the reader's lists as an item that remembers it.
    public func addToList(_ id: UUID, list listID: UUID, reader: UUID, idempotencyKey: String?) async throws -> Item {
        let activity = try await visible(id, for: reader)
        let details = ItemDetails(
            title: String(activity.details.name.prefix(ItemDetails.maxTitleLength)),
            description: activity.details.description, place: activity.details.place)
        return try await lists.addCopy(details, of: .activity(id), to: listID, owner: reader, idempotencyKey: idempotencyKey)
    }

    /// Whether the activity exists and the reader may see it (the feed asks before a comment).
    public func visibleActivity(_ id: UUID, for reader: UUID) async throws -> Activity? {
        guard let activity = try await activities.activity(id), activity.isShown(to: reader),
            try await !hidden(from: reader).contains(activity.authorID)
        else { return nil }
        return activity
    }

    /// The activity when the reader may see it; NOT_FOUND otherwise.
    func visible(_ id: UUID, for reader: UUID) async throws -> Activity {
        guard let activity = try await visibleActivity(id, for: reader) else { throw Self.notFound }
        return activity
    }

    func seen(_ activity: Activity, by reader: UUID) async throws -> Seen {
        try await seen([(activity, nil)], by: reader)[0]
    }

    /// The activities with the reader's votes and favourites.
    func seen(_ found: [(activity: Activity, meters: Double?)], by reader: UUID) async throws -> [Seen] {
        let ids = found.map(\.activity.id)
        let votes = try await activities.votes(by: reader, on: ids)
        let favourites = try await activities.favourites(by: reader, among: ids)
        return found.map {
            Seen(activity: $0.activity, myVote: votes[$0.activity.id], meters: $0.meters, isFavourite: favourites.contains($0.activity.id))
        }
    }

    func hidden(from reader: UUID) async throws -> Set<UUID> {
        try await graph.relations(of: reader).hidden
    }

    /// Where an activity's photos are attached in media.
    static func subject(of activity: Activity) -> String { "activity/\(activity.id.lowercasedString)" }
}
