import Foundation
import RoamRuntime
import RoamTesting
import Testing

@testable import Feed

/// Finding stories, views, trending, saves, followed places and the timeline: the in-memory store
/// must behave as PostgreSQL + PostGIS does.
@Suite struct StoryRepositoryContractTests {
    static let waikiki = GeoPoint(latitude: 21.2766, longitude: -157.8278)

    static func story(
        _ text: String = "Sunset #beach", at point: GeoPoint = waikiki, place: String = "Waikiki Beach", by author: UUID = UUID(),
        daysAgo: Double = 0, second: Double = 0
    ) -> Post {
        let time = Fixtures.now().addingTimeInterval(-daysAgo * 86_400 + second)
        return Post(
            id: .v7(at: time), authorID: author, audience: .place(Place(latitude: point.latitude, longitude: point.longitude, name: place)),
            text: text, mediaIDs: [], tags: Hashtags.find(in: text), createdAt: time)
    }

    static func ids(_ store: any FeedStore, _ query: StoryQuery, hiding hidden: Set<UUID> = [], size: Int = 100) async throws -> [UUID] {
        var ids: [UUID] = []
        var cursor: String?
        repeat {
            let page = try await store.stories(matching: query, hiding: hidden, page: PageRequest(size: size, cursor: cursor), now: Fixtures.now())
            ids += page.items.map(\.id)
            cursor = page.nextCursor
        } while cursor != nil
        return ids
    }

    @Test(arguments: StoreKind.allCases)
    func nearbyFindsStoriesWithinTheDistanceOnly(_ kind: StoreKind) async throws {
        try await kind.withOwnStore { store in
            let here = try await store.create(Self.story(second: 0), idempotencyKey: nil)
            let close = try await store.create(Self.story(at: Self.waikiki.moved(meters: 900, bearing: 90), second: 1), idempotencyKey: nil)
            _ = try await store.create(Self.story(at: Self.waikiki.moved(meters: 1_100, bearing: 0), second: 2), idempotencyKey: nil)
            _ = try await store.create(Fixtures.post(in: UUID()), idempotencyKey: nil)
            var followersOnly = Self.story(second: 3)
            followersOnly.audience = .followers
            _ = try await store.create(followersOnly, idempotencyKey: nil)
            let near = StoryQuery(area: .circle(center: Self.waikiki, radiusMeters: 1_000))
            #expect(try await Self.ids(store, near, size: 1) == [close.id, here.id])
        }
    }

    @Test(arguments: StoreKind.allCases)
    func aMapBoxFindsStoriesInsideItEvenAcrossTheAntimeridian(_ kind: StoreKind) async throws {
        try await kind.withOwnStore { store in
            let fiji = try await store.create(
                Self.story(at: GeoPoint(latitude: -17.7, longitude: 179.9), place: "Fiji", second: 0),
                idempotencyKey: nil)
            let samoa = try await store.create(
                Self.story(at: GeoPoint(latitude: -13.8, longitude: -171.8), place: "Samoa", second: 1),
                idempotencyKey: nil)
            _ = try await store.create(Self.story(second: 2), idempotencyKey: nil)
            #expect(try await Self.ids(store, StoryQuery(area: .box(south: -20, west: 170, north: -10, east: -170))) == [samoa.id, fiji.id])
            #expect(try await Self.ids(store, StoryQuery(area: .box(south: -20, west: 170, north: -10, east: 180))) == [fiji.id])
        }
    }

    @Test(arguments: StoreKind.allCases)
    func searchMatchesTextTagAuthorAndPlace(_ kind: StoreKind) async throws {
        try await kind.withOwnStore { store in
            let author = UUID()
            let sunset = try await store.create(
                Self.story("Golden sunset over the bay #Beach", place: "Waikiki Beach", by: author, second: 0),
                idempotencyKey: nil)
            let surf = try await store.create(Self.story("Big surf today #beach #surf", place: "North Shore", second: 1), idempotencyKey: nil)
            let ramen = try await store.create(
                Self.story("Best ramen in town", place: "Honolulu Downtown", by: author, second: 2),
                idempotencyKey: nil)
            #expect(try await Self.ids(store, StoryQuery(text: "SUNSET bay")) == [sunset.id])
            #expect(try await Self.ids(store, StoryQuery(text: "surf or ramen")) == [ramen.id, surf.id])
            #expect(try await Self.ids(store, StoryQuery(text: "\"sunset over\"")) == [sunset.id])
            #expect(try await Self.ids(store, StoryQuery(text: "\"over sunset\"")) == [])
            #expect(try await Self.ids(store, StoryQuery(tag: "beach")) == [surf.id, sunset.id])
            #expect(try await Self.ids(store, StoryQuery(text: "-surf", tag: "beach")) == [sunset.id])
            #expect(try await Self.ids(store, StoryQuery(author: author)) == [ramen.id, sunset.id])
            #expect(try await Self.ids(store, StoryQuery(placeName: "waikiki")) == [sunset.id])
            #expect(try await Self.ids(store, StoryQuery(tag: "surf", author: author)) == [])
        }
    }

    @Test(arguments: StoreKind.allCases)
    func topOrdersRankByScoreWithinTheirWindow(_ kind: StoreKind) async throws {
        try await kind.withOwnStore { store in
            // Points: a like or comment 10, a view 1.
            let old = try await store.create(Self.story(daysAgo: 20), idempotencyKey: nil)
            let lastWeek = try await store.create(Self.story(daysAgo: 3), idempotencyKey: nil)
            let today = try await store.create(Self.story(), idempotencyKey: nil)
            let ancient = try await store.create(Self.story(daysAgo: 90), idempotencyKey: nil)
            let lastYear = try await store.create(Self.story(daysAgo: 400), idempotencyKey: nil)
            for _ in 0..<5 { _ = try await store.like(.post(ancient.id), by: UUID(), at: Fixtures.now()) }  // 50
            for _ in 0..<9 { _ = try await store.like(.post(lastYear.id), by: UUID(), at: Fixtures.now()) }  // 90
            for _ in 0..<3 { _ = try await store.like(.post(old.id), by: UUID(), at: Fixtures.now()) }  // 30
            _ = try await store.addComment(Fixtures.comment(on: lastWeek), idempotencyKey: nil)  // 10
            for _ in 0..<15 { _ = try await store.recordView(of: today.id, by: UUID(), at: Fixtures.now()) }  // 15
            #expect(try await Self.ids(store, StoryQuery(order: .topWeek), size: 1) == [today.id, lastWeek.id])
            #expect(try await Self.ids(store, StoryQuery(order: .topMonth), size: 1) == [old.id, today.id, lastWeek.id])
            #expect(
                try await Self.ids(store, StoryQuery(order: .topYear), size: 2) == [ancient.id, old.id, today.id, lastWeek.id],
                "last year's story is out of the year")
            #expect(try await Self.ids(store, StoryQuery(order: .topAllTime), size: 2) == [lastYear.id, ancient.id, old.id, today.id, lastWeek.id])
            #expect(try await Self.ids(store, StoryQuery(order: .recent), size: 3) == [today.id, lastWeek.id, old.id, ancient.id, lastYear.id])
        }
    }

    @Test(arguments: StoreKind.allCases)
    func trendingFollowsTheRanksTheRankerComputed(_ kind: StoreKind) async throws {
        try await kind.withOwnStore { store in
            let fresh = try await store.create(Self.story(), idempotencyKey: nil)
            let popular = try await store.create(Self.story(daysAgo: 1), idempotencyKey: nil)
            let stale = try await store.create(Self.story(daysAgo: 8), idempotencyKey: nil)
            for _ in 0..<200 { _ = try await store.like(.post(popular.id), by: UUID(), at: Fixtures.now()) }
            for _ in 0..<500 { _ = try await store.like(.post(stale.id), by: UUID(), at: Fixtures.now()) }
            // Until the ranker runs, every story keeps the rank it started with.
            #expect(try await Set(Self.ids(store, StoryQuery(order: .trending))) == [fresh.id, popular.id])
            #expect(try await store.refreshTrending(at: Fixtures.now()) == 2)
            // A new story ranks log10(2) / 2^1.8 ≈ 0.086, above a day-old one with 200 likes, log10(202) / 26^1.8 ≈ 0.0065;
            // the week-old story drops out whatever its likes.
            #expect(try await Self.ids(store, StoryQuery(order: .trending)) == [fresh.id, popular.id])
            let hot = try await store.create(Self.story(second: -3_600), idempotencyKey: nil)
            for _ in 0..<200 { _ = try await store.like(.post(hot.id), by: UUID(), at: Fixtures.now()) }
            _ = try await store.refreshTrending(at: Fixtures.now())
            // An hour-old story with 200 likes: log10(202) / 3^1.8 ≈ 0.32.
            #expect(try await Self.ids(store, StoryQuery(order: .trending), size: 1) == [hot.id, fresh.id, popular.id])
        }
    }

    @Test(arguments: StoreKind.allCases)
    func aViewCountsOncePerReaderPerStoryPerDay(_ kind: StoreKind) async throws {
        try await kind.withOwnStore { store in
            let story = try await store.create(Self.story(), idempotencyKey: nil)
            let reader = UUID(), other = UUID()
            let morning = Fixtures.now()
            #expect(try await store.recordView(of: story.id, by: reader, at: morning))
            #expect(try await !store.recordView(of: story.id, by: reader, at: morning.addingTimeInterval(60)))
            #expect(try await store.recordView(of: story.id, by: other, at: morning))
            #expect(try await store.recordView(of: story.id, by: reader, at: morning.addingTimeInterval(86_400)))
            #expect(try await !store.recordView(of: UUID(), by: reader, at: morning))
            let event = try await store.create(Fixtures.post(in: UUID()), idempotencyKey: nil)
            #expect(try await !store.recordView(of: event.id, by: reader, at: morning))
            #expect(try await store.engagement(of: .post, ids: [story.id], viewer: reader)[story.id]?.views == 3)
            // A deleted account's views go from the counts: the reader's two, not the other's one.
            try await store.forgetReader(reader)
            #expect(try await store.engagement(of: .post, ids: [story.id], viewer: other)[story.id]?.views == 1)
            #expect(try await store.recordView(of: story.id, by: reader, at: morning))
        }
    }

    @Test(arguments: StoreKind.allCases)
    func hiddenAuthorsAreLeftOutOfEveryListing(_ kind: StoreKind) async throws {
        try await kind.withOwnStore { store in
            let blocked = UUID(), reader = UUID()
            let shown = try await store.create(Self.story(second: 0), idempotencyKey: nil)
            let hidden = try await store.create(Self.story(by: blocked, second: 1), idempotencyKey: nil)
            #expect(try await Self.ids(store, StoryQuery(), hiding: [blocked]) == [shown.id])
            #expect(try await Self.ids(store, StoryQuery(order: .trending), hiding: [blocked]) == [shown.id])
            #expect(try await store.save(hidden.id, by: reader, at: Fixtures.now()))
            #expect(try await store.savedPosts(by: reader, hiding: [blocked], page: PageRequest()).items.isEmpty)
            let timeline = try await store.timeline(of: reader, authors: [blocked, shown.authorID], hiding: [blocked], page: PageRequest())
            #expect(timeline.items.map(\.id) == [shown.id])
        }
    }

    @Test(arguments: StoreKind.allCases)
    func savesAreListedMostRecentFirstAndGoWithThePost(_ kind: StoreKind) async throws {
        try await kind.withOwnStore { store in
            let reader = UUID()
            let first = try await store.create(Self.story(second: 0), idempotencyKey: nil)
            let second = try await store.create(Self.story(second: 1), idempotencyKey: nil)
            let third = try await store.create(Self.story(second: 2), idempotencyKey: nil)
            #expect(try await store.save(second.id, by: reader, at: Fixtures.now()))
            #expect(try await store.save(first.id, by: reader, at: Fixtures.now().addingTimeInterval(1)))
            #expect(try await !store.save(first.id, by: reader, at: Fixtures.now().addingTimeInterval(2)))
            #expect(try await store.save(third.id, by: reader, at: Fixtures.now().addingTimeInterval(3)))
            #expect(try await !store.save(UUID(), by: reader, at: Fixtures.now()))
            let page1 = try await store.savedPosts(by: reader, hiding: [], page: PageRequest(size: 2))
            let page2 = try await store.savedPosts(by: reader, hiding: [], page: PageRequest(size: 2, cursor: page1.nextCursor))
            #expect((page1.items + page2.items).map(\.id) == [third.id, first.id, second.id])
            #expect(try await store.engagement(of: .post, ids: [first.id], viewer: reader)[first.id]?.savedByMe == true)
            #expect(try await store.engagement(of: .post, ids: [first.id], viewer: UUID())[first.id, default: Engagement()].savedByMe == false)
            #expect(try await store.unsave(third.id, by: reader))
            #expect(try await !store.unsave(third.id, by: reader))
            #expect(try await store.delete(id: first.id))
            #expect(try await store.savedPosts(by: reader, hiding: [], page: PageRequest()).items.map(\.id) == [second.id])
            try await store.forgetReader(reader)
            #expect(try await store.savedPosts(by: reader, hiding: [], page: PageRequest()).items.isEmpty)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func followedPlacesAreKnownByTheirRoundedPosition(_ kind: StoreKind) async throws {
        try await kind.withOwnStore { store in
            let user = UUID()
            let place = FollowedPlace(
                id: .v7(), userID: user, point: GeoPoint(latitude: 21.276612, longitude: -157.827801), name: "Waikiki",
                radiusMeters: 300, createdAt: Fixtures.now())
            let stored = try await store.follow(place)
            #expect(stored.point == GeoPoint(latitude: 21.27661, longitude: -157.8278))
            var again = place
            again.id = .v7()
            again.name = "Waikiki Beach"
            again.radiusMeters = 500
            let updated = try await store.follow(again)
            #expect(updated.id == stored.id && updated.name == "Waikiki Beach" && updated.radiusMeters == 500)
            let other = try await store.follow(
                FollowedPlace(
                    id: .v7(), userID: user, point: GeoPoint(latitude: 48.8584, longitude: 2.2945),
                    name: "Eiffel Tower", radiusMeters: 200, createdAt: Fixtures.now().addingTimeInterval(1)))
            let first = try await store.followedPlaces(by: user, page: PageRequest(size: 1))
            let second = try await store.followedPlaces(by: user, page: PageRequest(size: 1, cursor: first.nextCursor))
            #expect((first.items + second.items).map(\.id) == [other.id, stored.id])
            #expect(try await store.unfollowPlace(at: GeoPoint(latitude: 21.2766104, longitude: -157.8278004), by: user))
            #expect(try await !store.unfollowPlace(at: GeoPoint(latitude: 21.27661, longitude: -157.8278), by: user))
            #expect(try await store.followedPlaces(by: user, page: PageRequest()).items.map(\.id) == [other.id])
        }
    }

    @Test(arguments: StoreKind.allCases)
    func theTimelineHoldsFollowedAuthorsAndStoriesNearFollowedPlaces(_ kind: StoreKind) async throws {
        try await kind.withOwnStore { store in
            let reader = UUID(), friend = UUID(), stranger = UUID()
            let friendsStory = try await store.create(
                Self.story(at: GeoPoint(latitude: 0, longitude: 0), by: friend, second: 0),
                idempotencyKey: nil)
            var friendsNote = Self.story("For followers", by: friend, second: 1)
            friendsNote.audience = .followers
            friendsNote = try await store.create(friendsNote, idempotencyKey: nil)
            _ = try await store.create(Fixtures.post(in: UUID(), by: friend), idempotencyKey: nil)
            let nearby = try await store.create(
                Self.story(at: Self.waikiki.moved(meters: 150, bearing: 45), by: stranger, second: 2),
                idempotencyKey: nil)
            _ = try await store.create(Self.story(at: Self.waikiki.moved(meters: 400, bearing: 45), by: stranger, second: 3), idempotencyKey: nil)
            var strangersNote = Self.story("Not for you", by: stranger, second: 4)
            strangersNote.audience = .followers
            _ = try await store.create(strangersNote, idempotencyKey: nil)
            _ = try await store.follow(
                FollowedPlace(
                    id: .v7(), userID: reader, point: Self.waikiki, name: "Waikiki", radiusMeters: 200,
                    createdAt: Fixtures.now()))
            let first = try await store.timeline(of: reader, authors: [friend, reader], hiding: [], page: PageRequest(size: 2))
            let second = try await store.timeline(
                of: reader, authors: [friend, reader], hiding: [], page: PageRequest(size: 2, cursor: first.nextCursor))
            #expect((first.items + second.items).map(\.id) == [nearby.id, friendsNote.id, friendsStory.id])
            #expect(second.nextCursor == nil)
        }
    }
}
