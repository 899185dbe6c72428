import Foundation
import RoamRuntime

extension InMemoryFeedStore {
    public func stories(matching query: StoryQuery, hiding hiddenAuthors: Set<UUID>, page: PageRequest, now: Date) async throws -> Page<Post> {
        let since = query.order.window.map { now.addingTimeInterval(-$0) }
        let search = query.text.map(TextSearch.init)
        var ranked: [(post: Post, value: Double)] = []
        for post in posts.values {
            guard let place = post.audience.place, !hiddenAuthors.contains(post.authorID), post.takedown == nil else { continue }
            guard query.area?.contains(place.point) ?? true,
                search?.matches(post.title + " " + post.text) ?? true,
                query.tag.map(post.tags.contains) ?? true,
                query.author.map({ $0 == post.authorID }) ?? true,
                query.placeName.map({ place.name.lowercased().contains($0.lowercased()) }) ?? true,
                since.map({ post.createdAt >= $0 }) ?? true
            else { continue }
            let value: Double =
                switch query.order {
                case .recent: 0
                case .topWeek, .topMonth, .topYear, .topAllTime: Double(points(of: post.id))
                case .trending: hotRanks[post.id] ?? 0
                }
            ranked.append((post, value))
        }
        ranked.sort { ($0.value, $0.post.id.uuidString) > ($1.value, $1.post.id.uuidString) }
        if query.order == .recent, let after = try PostCursor.decode(page.cursor) {
            ranked = ranked.filter { $0.post.id.uuidString < after.uuidString }
        } else if query.order != .recent, let after = try StoryCursor.decode(page.cursor) {
            ranked = ranked.filter { ($0.value, $0.post.id.uuidString) < (after.value, after.id.uuidString) }
        }
        let order = query.order
        return Page(fetched: ranked, size: page.size) { last in
            order == .recent ? PostCursor.encode(after: last.post) : StoryCursor.encode(value: last.value, id: last.post.id)
        }.map(\.post)
    }

    func points(of post: UUID) -> Int {
        let comments = comments.values.count { $0.subject == .post(post) && !$0.isDeleted && $0.takedown == nil }
        return StoryScore.points(Engagement(likes: likes[.post(post)]?.count ?? 0, comments: comments, views: views[post] ?? 0))
    }

    public func recordView(of story: UUID, by user: UUID, at time: Date) async throws -> Bool {
        guard posts[story]?.isStory == true else { return false }
        let day = Self.utcDay(time)
        let seen = viewers[story]?[user]
        if let seen, seen.lastDay >= day { return false }
        viewers[story, default: [:]][user] = (day, (seen?.views ?? 0) + 1)
        views[story, default: 0] += 1
        return true
    }

    public func refreshTrending(at time: Date) async throws -> Int {
        let since = time.addingTimeInterval(-(StoryOrder.trending.window ?? 0))
        var ranked = 0
        for post in posts.values where post.isStory {
            if post.createdAt >= since {
                hotRanks[post.id] = StoryScore.hotRank(points: points(of: post.id), age: time.timeIntervalSince(post.createdAt))
                ranked += 1
            } else {
                hotRanks[post.id] = 0
            }
        }
        return ranked
    }

    public func timeline(of user: UUID, authors: Set<UUID>, hiding hiddenAuthors: Set<UUID>, page: PageRequest) async throws -> Page<Post> {
        let after = try PostCursor.decode(page.cursor)
        let places = followedPlaces[user] ?? []
        let listed = posts.values.filter { post in
            guard post.audience.eventID == nil, !hiddenAuthors.contains(post.authorID), post.takedown == nil else { return false }
            if authors.contains(post.authorID) { return true }
            guard let place = post.audience.place else { return false }
            return places.contains { $0.point.distance(to: place.point) <= $0.radiusMeters }
        }
        .sorted { $0.id.uuidString > $1.id.uuidString }
        .filter { post in after.map { post.id.uuidString < $0.uuidString } ?? true }
        return Page(fetched: listed, size: page.size, cursor: PostCursor.encode(after:))
    }

    public func forgetReader(_ user: UUID) async throws {
        saves[user] = nil
        followedPlaces[user] = nil
        for story in viewers.keys {
            guard let seen = viewers[story]?.removeValue(forKey: user) else { continue }
            views[story, default: 0] -= seen.views
        }
    }

    /// `yyyy-MM-dd` in UTC, which sorts as the days do.
    static func utcDay(_ time: Date) -> String {
        let parts = Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "UTC")!, from: time)
        return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }
}

extension InMemoryFeedStore {
    public func save(_ post: UUID, by user: UUID, at time: Date) async throws -> Bool {
        guard posts[post] != nil, saves[user]?[post] == nil else { return false }
        saves[user, default: [:]][post] = time
        return true
    }

    public func unsave(_ post: UUID, by user: UUID) async throws -> Bool {
        saves[user]?.removeValue(forKey: post) != nil
    }

    public func savedPosts(by user: UUID, hiding hiddenAuthors: Set<UUID>, page: PageRequest) async throws -> Page<Post> {
        let after = try TimedCursor.decode(page.cursor)
        let listed = (saves[user] ?? [:]).compactMap { id, time -> (post: Post, cursor: TimedCursor)? in
            guard let post = posts[id], !hiddenAuthors.contains(post.authorID), post.takedown == nil else { return nil }
            return (post, TimedCursor(time: time, id: id))
        }
        .sorted { $0.cursor > $1.cursor }
        .filter { saved in after.map { saved.cursor < $0 } ?? true }
        return Page(fetched: listed, size: page.size) { $0.cursor.token }.map(\.post)
    }

    public func follow(_ place: FollowedPlace) async throws -> FollowedPlace {
        if let index = followedPlaces[place.userID]?.firstIndex(where: { $0.point == place.point }) {
            followedPlaces[place.userID]![index].name = place.name
            followedPlaces[place.userID]![index].radiusMeters = place.radiusMeters
            return followedPlaces[place.userID]![index]
        }
        var stored = place
        stored.createdAt = TimedCursor(time: place.createdAt, id: place.id).time
        followedPlaces[place.userID, default: []].append(stored)
        return stored
    }

    public func unfollowPlace(at point: GeoPoint, by user: UUID) async throws -> Bool {
        let key = FollowedPlace.key(point)
        guard let index = followedPlaces[user]?.firstIndex(where: { $0.point == key }) else { return false }
        followedPlaces[user]!.remove(at: index)
        return true
    }

    public func followedPlaces(by user: UUID, page: PageRequest) async throws -> Page<FollowedPlace> {
        let after = try TimedCursor.decode(page.cursor)
        let listed = (followedPlaces[user] ?? [])
            .sorted { TimedCursor(time: $0.createdAt, id: $0.id) > TimedCursor(time: $1.createdAt, id: $1.id) }
            .filter { place in after.map { TimedCursor(time: place.createdAt, id: place.id) < $0 } ?? true }
        return Page(fetched: listed, size: page.size) { TimedCursor(time: $0.createdAt, id: $0.id).token }
    }
}
