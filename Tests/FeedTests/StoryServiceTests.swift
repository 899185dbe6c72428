import Foundation
import RoamCore
import RoamRuntime
import RoamTesting
import Synchronization
import Testing

@testable import Feed

/// Legends' rules on the in-memory store, with follows and blocks faked: who sees followers posts,
/// blocks both ways, views, saves, followed places, the timeline, and bad queries.
@Suite struct StoryServiceTests {
    let membership = FakeMembership()
    let graph = FakeSocialGraph()

    func make(now: @escaping @Sendable () -> Date = Date.init) -> FeedService {
        FeedService(store: InMemoryFeedStore(), membership: membership, graph: graph, now: now)
    }

    func story(
        _ feed: FeedService, by author: UUID, text: String = "Sunset #beach", at point: GeoPoint = GeoPoint(latitude: 21.2766, longitude: -157.8278)
    )
        async throws -> Engaged<Post>
    {
        try await feed.create(
            PostDraft.fixture(
                audience: .place(Place(latitude: point.latitude, longitude: point.longitude, name: "Waikiki")),
                text: text), author: author, idempotencyKey: nil)
    }

    @Test func followersPostsReachFollowersOnly() async throws {
        let feed = make()
        let (author, follower, stranger) = (UUID(), UUID(), UUID())
        graph.follow(follower, author)
        let note = try await feed.create(PostDraft.fixture(audience: .followers, text: "Home safe"), author: author, idempotencyKey: nil)
        #expect(note.audience == .followers)
        #expect(try await feed.post(note.id, reader: follower).id == note.id)
        #expect(try await feed.post(note.id, reader: author).id == note.id)
        #expect(await errorReason { _ = try await feed.post(note.id, reader: stranger) } == "NOT_FOUND")
        #expect(await errorReason { _ = try await feed.like(.post(note.id), by: stranger) } == "NOT_FOUND")
        #expect(try await feed.timeline(of: follower, page: PageRequest()).items.map(\.id) == [note.id])
        #expect(try await feed.timeline(of: stranger, page: PageRequest()).items.isEmpty)
        // Followers posts are not stories: no listing of stories shows them.
        #expect(try await feed.stories(StoryQuery(), reader: follower, page: PageRequest()).items.isEmpty)
    }

    @Test func blocksHideContentBothWays() async throws {
        let feed = make()
        let (blocker, blocked, bystander) = (UUID(), UUID(), UUID())
        graph.block(blocker, blocked)
        let blockersStory = try await story(feed, by: blocker)
        let blockedStory = try await story(feed, by: blocked)
        for (reader, hidden) in [(blocker, blockedStory), (blocked, blockersStory)] {
            #expect(await errorReason { _ = try await feed.post(hidden.id, reader: reader) } == "NOT_FOUND")
            #expect(await errorReason { _ = try await feed.comment(on: .post(hidden.id), text: "x", by: reader, idempotencyKey: nil) } == "NOT_FOUND")
            #expect(try await feed.stories(StoryQuery(), reader: reader, page: PageRequest()).items.map(\.authorID) == [reader])
        }
        // Under a third party's story, each sees only their own comment; the bystander sees both.
        let thirdParty = try await story(feed, by: bystander)
        let fromBlocker = try await feed.comment(on: .post(thirdParty.id), text: "Nice", by: blocker, idempotencyKey: nil)
        let fromBlocked = try await feed.comment(on: .post(thirdParty.id), text: "Wow", by: blocked, idempotencyKey: nil)
        func thread(_ reader: UUID) async throws -> [UUID] {
            try await feed.comments(on: .post(thirdParty.id), reader: reader, page: PageRequest()).items.map(\.id)
        }
        #expect(try await thread(blocker) == [fromBlocker.id])
        #expect(try await thread(blocked) == [fromBlocked.id])
        #expect(try await thread(bystander) == [fromBlocker.id, fromBlocked.id])
        #expect(await errorReason { _ = try await feed.reply(to: fromBlocked.id, text: "No", by: blocker, idempotencyKey: nil) } == "NOT_FOUND")
    }

    @Test func blocksHideChatLinesBothWays() async throws {
        let feed = make()
        let (host, blocker, blocked) = (UUID(), UUID(), UUID())
        let event = membership.event(host: host, members: [blocker, blocked])
        graph.block(blocker, blocked)
        for (author, text) in [(host, "welcome"), (blocker, "hi all"), (blocked, "hey"), (host, "music at 9")] {
            _ = try await feed.send(text, to: event, by: author, idempotencyKey: nil)
        }
        struct CaughtUp: Error {}
        func read(_ reader: UUID) async throws -> [String] {
            var lines: [String] = []
            do {
                try await feed.readChat(event, reader: reader, after: 0, live: { throw CaughtUp() }) { lines.append($0.text) }
            } catch is CaughtUp {}
            return lines
        }
        #expect(try await read(blocker) == ["welcome", "hi all", "music at 9"])
        #expect(try await read(blocked) == ["welcome", "hey", "music at 9"])
        #expect(try await read(host) == ["welcome", "hi all", "hey", "music at 9"])
        #expect(try await feed.chatHistory(event, reader: blocker, page: PageRequest()).items.map(\.text) == ["music at 9", "hi all", "welcome"])
    }

    @Test func readingSomeoneElsesStoryCountsOneViewPerDay() async throws {
        let clock = TestClock()
        let feed = make(now: { clock.now })
        let (author, reader) = (UUID(), UUID())
        let posted = try await story(feed, by: author)
        #expect(try await feed.post(posted.id, reader: author).engagement.views == 0)
        #expect(try await feed.post(posted.id, reader: reader).engagement.views == 1)
        #expect(try await feed.post(posted.id, reader: reader).engagement.views == 1)
        clock.advance(by: 86_400)
        #expect(try await feed.post(posted.id, reader: reader).engagement.views == 2)
    }

    @Test func savingBookmarksStoriesAndFollowersPostsOnly() async throws {
        let feed = make()
        let (author, reader) = (UUID(), UUID())
        let event = membership.event(host: author, members: [reader])
        let eventPost = try await feed.create(PostDraft.fixture(audience: .event(event), text: "Party"), author: author, idempotencyKey: nil)
        let posted = try await story(feed, by: author)
        #expect(try await feed.save(posted.id, by: reader).engagement.savedByMe)
        #expect(try await feed.save(posted.id, by: reader).engagement.savedByMe)
        #expect(await errorFields { _ = try await feed.save(eventPost.id, by: reader) } == ["post_id"])
        #expect(await errorReason { _ = try await feed.save(UUID(), by: reader) } == "NOT_FOUND")
        #expect(try await feed.saved(by: reader, page: PageRequest()).items.map(\.id) == [posted.id])
        #expect(try await feed.unsave(posted.id, by: reader)?.engagement.savedByMe == false)
        #expect(try await feed.saved(by: reader, page: PageRequest()).items.isEmpty)
        // A followers post saved while following drops out of the list after an unfollow.
        graph.follow(reader, author)
        let note = try await feed.create(PostDraft.fixture(audience: .followers, text: "Notes"), author: author, idempotencyKey: nil)
        _ = try await feed.save(note.id, by: reader)
        #expect(try await feed.saved(by: reader, page: PageRequest()).items.map(\.id) == [note.id])
        graph.unfollow(reader, author)
        #expect(try await feed.saved(by: reader, page: PageRequest()).items.isEmpty)
    }

    @Test func followedPlacesFeedTheTimeline() async throws {
        let feed = make()
        let (reader, stranger) = (UUID(), UUID())
        let waikiki = GeoPoint(latitude: 21.2766, longitude: -157.8278)
        let place = try await feed.followPlace(at: waikiki, name: " Waikiki ", radiusMeters: nil, by: reader)
        #expect(place.name == "Waikiki" && place.radiusMeters == FollowedPlace.defaultRadius)
        let near = try await story(feed, by: stranger, at: waikiki.moved(meters: 100, bearing: 180))
        _ = try await story(feed, by: stranger, at: waikiki.moved(meters: 1_000, bearing: 180))
        #expect(try await feed.timeline(of: reader, page: PageRequest()).items.map(\.id) == [near.id])
        try await feed.unfollowPlace(at: waikiki, by: reader)
        await #expect(throws: RoamError.notFound("followed place"), "not followed any more") { try await feed.unfollowPlace(at: waikiki, by: reader) }
        #expect(try await feed.timeline(of: reader, page: PageRequest()).items.isEmpty)
        #expect(
            await errorFields { _ = try await feed.followPlace(at: waikiki, name: "", radiusMeters: 5, by: reader) }
                == ["name", "radius_meters"])
        #expect(
            await errorFields { _ = try await feed.followPlace(at: GeoPoint(latitude: 91, longitude: 0), name: "X", radiusMeters: nil, by: reader) }
                == ["position.latitude"])
    }

    @Test func badQueriesNameTheirFields() async throws {
        let feed = make()
        func fields(_ query: StoryQuery) async -> [String] {
            await errorFields { _ = try await feed.stories(query, reader: UUID(), page: PageRequest()) }
        }
        let here = GeoPoint(latitude: 0, longitude: 0)
        #expect(await fields(StoryQuery(area: .circle(center: here, radiusMeters: 0))) == ["near.radius_meters"])
        #expect(await fields(StoryQuery(area: .circle(center: here, radiusMeters: 60_000))) == ["near.radius_meters"])
        #expect(await fields(StoryQuery(area: .circle(center: GeoPoint(latitude: 0, longitude: 200), radiusMeters: 10))) == ["near.center.longitude"])
        #expect(await fields(StoryQuery(area: .box(south: 10, west: 0, north: -10, east: 5))) == ["box.south"])
        #expect(await fields(StoryQuery(text: String(repeating: "a", count: 201))) == ["text"])
        #expect(await fields(StoryQuery(tag: "two words")) == ["tag"])
        #expect(await fields(StoryQuery(placeName: String(repeating: "p", count: 121))) == ["place_name"])
        // Blank filters are no filters; a leading '#' and capitals are fine.
        #expect(await fields(StoryQuery(text: "  ", tag: "#Beach", placeName: "")) == [])
    }
}

/// Relations are remembered per user for a while, and not remembered on failure.
@Suite struct CachedSocialGraphTests {
    @Test func remembersRelationsUntilTheyExpire() async throws {
        let source = FakeSocialGraph()
        let clock = TestClock()
        let cache = CachedSocialGraph(source, timeToLive: .seconds(10), suspended: SuspendedAccounts(), now: { clock.now })
        let (user, friend) = (UUID(), UUID())
        #expect(try await cache.relations(of: user).following.isEmpty)
        source.follow(user, friend)
        #expect(try await cache.relations(of: user).following.isEmpty)
        #expect(source.asked == 1)
        clock.advance(by: 11)
        #expect(try await cache.relations(of: user).following == [friend])
        #expect(source.asked == 2)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<20 { group.addTask { _ = try await cache.relations(of: UUID()) } }
            try await group.waitForAll()
        }
        #expect(source.asked == 22)
    }

    @Test func aChangeAccountsFeedToldOfIsSeenForBothUsers() async throws {
        let source = FakeSocialGraph()
        let clock = TestClock()
        let changes = RelationChanges()
        let cache = CachedSocialGraph(source, timeToLive: .seconds(10), changes: changes, suspended: SuspendedAccounts(), now: { clock.now })
        let (blocker, blocked, bystander) = (UUID(), UUID(), UUID())
        for user in [blocker, blocked, bystander] { _ = try await cache.relations(of: user) }
        clock.advance(by: 2)
        source.block(blocker, blocked)
        changes.record([blocker, blocked], at: clock.now)
        // Both users' entries predate the change: asked again, with no mark on their calls; the bystander's serves on.
        #expect(try await cache.relations(of: blocked).hidden == [blocker])
        #expect(try await cache.relations(of: blocker).hidden == [blocked])
        #expect(try await cache.relations(of: bystander).hidden.isEmpty)
        #expect(source.asked == 5)
    }

    /// Accounts' feed lists the suspended accounts: each is hidden from every reader but itself at once,
    /// whatever the cache holds, until its suspension ends or the next list leaves it out.
    @Test func aSuspendedAccountIsHiddenFromEveryoneElseWhileItLasts() async throws {
        let source = FakeSocialGraph()
        let clock = TestClock()
        let suspended = SuspendedAccounts()
        let cache = CachedSocialGraph(source, timeToLive: .seconds(10), suspended: suspended, now: { clock.now })
        let (reader, timed, indefinite, blocked) = (UUID(), UUID(), UUID(), UUID())
        source.block(reader, blocked)
        #expect(try await cache.relations(of: reader).hidden == [blocked])
        suspended.replace(with: [timed: clock.now.addingTimeInterval(5), indefinite: nil])
        #expect(try await cache.relations(of: reader).hidden == [blocked, timed, indefinite])
        #expect(try await cache.relations(of: timed).hidden == [indefinite], "never hidden from itself")
        clock.advance(by: 6)
        #expect(try await cache.relations(of: reader).hidden == [blocked, indefinite], "a timed suspension ends by itself")
        suspended.replace(with: [:])
        #expect(try await cache.relations(of: reader).hidden == [blocked], "lifted")
        #expect(source.asked == 2)
    }

    @Test func theCallersOwnChangeIsSeenOnTheirNextCall() async throws {
        let source = FakeSocialGraph()
        let clock = TestClock()
        let cache = CachedSocialGraph(source, timeToLive: .seconds(10), suspended: SuspendedAccounts(), now: { clock.now })
        let (user, friend) = (UUID(), UUID())
        #expect(try await cache.relations(of: user).following.isEmpty)
        clock.advance(by: 2)
        source.follow(user, friend)
        let followedAt = clock.now
        // Their next call carries the change's time: what was fetched before it is asked again, within
        // the clock margin too, and then remembered as usual.
        try await RelationsChange.$at.withValue(followedAt) { () async throws in
            #expect(try await cache.relations(of: user).following == [friend])
            #expect(source.asked == 2)
            clock.advance(by: RelationsChange.clockMargin + 0.5)
            #expect(try await cache.relations(of: user).following == [friend])
            #expect(try await cache.relations(of: user).following == [friend])
            #expect(source.asked == 3)
        }
        // Others' calls carry no change of theirs: the entry serves them until it expires.
        #expect(try await cache.relations(of: user).following == [friend])
        #expect(source.asked == 3)
    }

    @Test func failuresAreNotRemembered() async throws {
        let source = FlakySocialGraph()
        let cache = CachedSocialGraph(source, timeToLive: .seconds(10))
        await #expect(throws: RoamError.self) { _ = try await cache.relations(of: UUID()) }
        #expect(try await cache.relations(of: UUID()).hidden.isEmpty)
    }
}

/// Fails its first call.
final class FlakySocialGraph: SocialGraph {
    private let calls = Mutex(0)

    func relations(of user: UUID) async throws -> Relations {
        let call = calls.withLock { count in
            count += 1
            return count
        }
        if call == 1 { throw RoamError.unavailable }
        return Relations()
    }
}
