import Foundation
import RoamCore
import RoamTesting
import Testing

@testable import BucketLists

/// What both stores do with activities and votes, run against each.
@Suite struct ActivityRepositoryContractTests {
    static let lisbon = GeoPoint(latitude: 38.7139, longitude: -9.1394)

    static func activity(
        author: UUID = UUID(), name: String = "Fado night", description: String = "", at point: GeoPoint = lisbon,
        place: String = "Alfama", window: TimeWindow? = nil, tags: [String] = [], created seconds: Double = 0
    ) -> Activity {
        Activity(
            id: .v7(at: BucketListFixtures.time(seconds)), authorID: author,
            details: ActivityDetails(name: name, description: description, place: NamedPlace(point: point, name: place), window: window, tags: tags),
            createdAt: BucketListFixtures.time(seconds), updatedAt: BucketListFixtures.time(seconds))
    }

    /// A store that keeps both lists and activities, as each implementation does.
    func withStore(_ kind: StoreKind, _ body: @Sendable (any BucketListRepository & ActivityRepository) async throws -> Void) async throws {
        try await kind.withRepository { repository in
            try await body(try #require(repository as? any BucketListRepository & ActivityRepository))
        }
    }

    @Test(arguments: StoreKind.allCases)
    func aTakedownIsKeptAndPutBack(_ kind: StoreKind) async throws {
        try await withStore(kind) { store in
            let made = Self.activity(author: UUID(), name: "Surf")
            let activity = try await store.create(made, idempotencyKey: nil)
            let takedown = Takedown(at: BucketListFixtures.time(), reason: "scam", by: "operator:ana")
            #expect(try await store.setTakedown(ofActivity: activity.id, takedown)?.takedown == takedown)
            #expect(try await store.activity(activity.id)?.takedown == takedown)
            #expect(try await store.setTakedown(ofActivity: activity.id, nil)?.takedown == nil)
            #expect(try await store.activity(activity.id)?.takedown == nil)
            #expect(try await store.setTakedown(ofActivity: UUID(), takedown) == nil)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func anActivityReadsBackAsWrittenAndAKeyAnswersItsFirst(_ kind: StoreKind) async throws {
        try await withStore(kind) { store in
            let author = UUID()
            let window = TimeWindow(startsAt: BucketListFixtures.time(100), endsAt: BucketListFixtures.time(7_300))
            var activity = Self.activity(author: author, description: "Sung in the old taverns", window: window, tags: ["music", "night"])
            activity.details.mediaIDs = [UUID()]
            // A takedown is written only by setTakedown (aTakedownIsKeptAndPutBack).
            let unset = unsetMembers(of: activity).filter { $0 != "takedown" }
            #expect(unset.isEmpty, "the complete activity leaves \(unset) unset")
            #expect(try await store.create(activity, idempotencyKey: "a-1") == activity)
            #expect(try await store.create(Self.activity(author: author, name: "Other"), idempotencyKey: "a-1").id == activity.id)
            #expect(try await store.activity(activity.id) == activity)
            var details = activity.details
            details.name = "Fado at dusk"
            details.window = nil
            #expect(try await store.update(activity.id, author: UUID(), details: details, at: BucketListFixtures.time(5)) == nil)
            let updated = try await store.update(activity.id, author: author, details: details, at: BucketListFixtures.time(5))
            #expect(updated?.details == details && updated?.updatedAt == BucketListFixtures.time(5))
            #expect(try await store.delete(activity.id, author: UUID()) == nil)
            #expect(try await store.delete(activity.id, author: author)?.id == activity.id)
            #expect(try await store.activity(activity.id) == nil)
            #expect(try await store.vote(.up, on: activity.id, by: UUID()) == nil, "no such activity")
        }
    }

    @Test(arguments: StoreKind.allCases)
    func votesAreOnePerUserChangeableAndWithdrawable(_ kind: StoreKind) async throws {
        try await withStore(kind) { store in
            let activity = try await store.create(Self.activity(), idempotencyKey: nil)
            let (ana, bo, cy) = (UUID(), UUID(), UUID())
            _ = try await store.vote(.up, on: activity.id, by: ana)
            _ = try await store.vote(.up, on: activity.id, by: ana)
            _ = try await store.vote(.up, on: activity.id, by: bo)
            var counted = try await store.vote(.down, on: activity.id, by: cy)
            #expect(counted?.activity.votes == VoteCounts(up: 2, down: 1) && counted?.activity.votes.score == 1)
            counted = try await store.vote(.down, on: activity.id, by: bo)
            #expect(counted?.activity.votes == VoteCounts(up: 1, down: 2))
            #expect(counted?.previous == .up, "bo's vote before it turned down")
            counted = try await store.vote(nil, on: activity.id, by: cy)
            #expect(counted?.activity.votes == VoteCounts(up: 1, down: 1) && counted?.previous == .down)
            #expect(try await store.vote(nil, on: activity.id, by: cy)?.previous == nil, "nothing left to withdraw")
            #expect(try await store.votes(by: bo, on: [activity.id, UUID()]) == [activity.id: .down])
            #expect(try await store.votes(by: cy, on: [activity.id]).isEmpty)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func fiveHundredVotersSwitchingAtOnceLeaveExactCounts(_ kind: StoreKind) async throws {
        try await withStore(kind) { store in
            let activity = try await store.create(Self.activity(), idempotencyKey: nil)
            let voters = (0..<500).map { _ in UUID() }
            // Each votes up; then, all at once, half switch to down, a fifth withdraw and the rest vote up again.
            try await withThrowingTaskGroup(of: Void.self) { group in
                for (index, voter) in voters.enumerated() {
                    group.addTask {
                        _ = try await store.vote(.up, on: activity.id, by: voter)
                        _ = try await store.vote(index % 2 == 0 && index % 5 != 0 ? .down : index % 5 == 0 ? nil : .up, on: activity.id, by: voter)
                    }
                }
                try await group.waitForAll()
            }
            let expectedDown = (0..<500).filter { $0 % 2 == 0 && $0 % 5 != 0 }.count
            let expectedUp = (0..<500).filter { $0 % 2 != 0 && $0 % 5 != 0 }.count
            #expect(try await store.activity(activity.id)?.votes == VoteCounts(up: expectedUp, down: expectedDown))
        }
    }

    @Test(arguments: StoreKind.allCases)
    func searchesFilterByPlaceWordsTagAndTimeAndSortAsAsked(_ kind: StoreKind) async throws {
        try await withStore(kind) { store in
            // A private corner of the map, so other tests' activities stay out.
            let here = GeoPoint(latitude: -54.8 + Double.random(in: 0..<1), longitude: -68.3 + Double.random(in: 0..<1))
            let now = BucketListFixtures.time(10_000)
            let near = try await store.create(
                Self.activity(
                    name: "Penguin walk", description: "Along the beach", at: here.moved(meters: 300, bearing: 0),
                    place: "Harbour", tags: ["wildlife"], created: 1), idempotencyKey: nil)
            let middle = try await store.create(
                Self.activity(
                    name: "Glacier hike", at: here.moved(meters: 2_000, bearing: 90), place: "Martial",
                    window: TimeWindow(startsAt: now.addingTimeInterval(-60), endsAt: now.addingTimeInterval(3_600)),
                    tags: ["hiking"], created: 2), idempotencyKey: nil)
            let far = try await store.create(
                Self.activity(
                    name: "Beach bonfire", at: here.moved(meters: 9_000, bearing: 180), place: "Bay",
                    created: 3), idempotencyKey: nil)
            for voter in 0..<3 { _ = try await store.vote(.up, on: middle.id, by: UUID(uuidString: "00000000-0000-0000-0000-00000000000\(voter)")!) }
            _ = try await store.vote(.down, on: far.id, by: UUID())

            func names(_ query: ActivityQuery) async throws -> [String] {
                try await store.search(query, page: PageRequest(size: 50)).items.map(\.activity.details.name)
            }
            let circle = ActivityArea.circle(center: here, meters: 5_000)
            #expect(try await names(ActivityQuery(area: circle, order: .distance)) == ["Penguin walk", "Glacier hike"])
            #expect(
                try await names(ActivityQuery(area: .circle(center: here, meters: 10_000), order: .score))
                    == ["Glacier hike", "Penguin walk", "Beach bonfire"])
            #expect(
                try await names(ActivityQuery(area: .circle(center: here, meters: 10_000), order: .newest))
                    == ["Beach bonfire", "Glacier hike", "Penguin walk"])
            let distances = try await store.search(ActivityQuery(area: circle, order: .distance), page: PageRequest()).items.compactMap(\.meters)
            #expect(distances.count == 2 && abs(distances[0] - 300) < 1 && abs(distances[1] - 2_000) < 1)
            let wide = ActivityArea.circle(center: here, meters: 10_000)
            #expect(try await names(ActivityQuery(area: wide, text: "BEACH")) == ["Penguin walk", "Beach bonfire"], "words of the description count")
            #expect(try await names(ActivityQuery(area: wide, text: "beach walk")) == ["Penguin walk"], "every word must be there")
            #expect(try await names(ActivityQuery(area: wide, text: "harbour")) == ["Penguin walk"], "and the place's name")
            #expect(try await names(ActivityQuery(area: wide, tag: "hiking")) == ["Glacier hike"])
            #expect(try await names(ActivityQuery(area: wide, happeningAt: now)) == ["Glacier hike"])
            #expect(try await names(ActivityQuery(area: wide, happeningAt: now.addingTimeInterval(7_200))).isEmpty)
            #expect(try await names(ActivityQuery(area: wide, hiddenAuthors: [near.authorID, far.authorID])) == ["Glacier hike"])
            var byAuthor = ActivityQuery(order: .newest)
            byAuthor.author = far.authorID
            #expect(try await names(byAuthor) == ["Beach bonfire"], "one author's, with no area")
            let box = MapBox(southWest: here.moved(meters: 1_000, bearing: 225), northEast: here.moved(meters: 3_000, bearing: 45))
            #expect(try await names(ActivityQuery(area: .box(box))) == ["Glacier hike", "Penguin walk"])
            // Pages of one follow the order to the end.
            let first = try await store.search(ActivityQuery(area: wide, order: .newest), page: PageRequest(size: 2))
            let rest = try await store.search(ActivityQuery(area: wide, order: .newest), page: PageRequest(size: 2, cursor: first.nextCursor))
            #expect((first.items + rest.items).map(\.activity.id) == [far.id, middle.id, near.id] && rest.nextCursor == nil)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func aBoxAcrossTheAntimeridianFindsBothSides(_ kind: StoreKind) async throws {
        try await withStore(kind) { store in
            let latitude = -17 + Double.random(in: 0..<1)
            let east = try await store.create(
                Self.activity(name: "Fiji east", at: GeoPoint(latitude: latitude, longitude: 179.9)), idempotencyKey: nil)
            let west = try await store.create(
                Self.activity(name: "Fiji west", at: GeoPoint(latitude: latitude, longitude: -179.9)), idempotencyKey: nil)
            _ = try await store.create(Self.activity(name: "Not Fiji", at: GeoPoint(latitude: latitude, longitude: 170)), idempotencyKey: nil)
            let box = MapBox(
                southWest: GeoPoint(latitude: latitude - 0.01, longitude: 179.5), northEast: GeoPoint(latitude: latitude + 0.01, longitude: -179.5))
            let found = try await store.search(ActivityQuery(area: .box(box), order: .newest), page: PageRequest()).items.map(\.activity.id)
            #expect(Set(found) == [east.id, west.id])
        }
    }

    @Test(arguments: StoreKind.allCases)
    func trendingRanksByTheWilsonBoundDecayedWithAge(_ kind: StoreKind) async throws {
        try await withStore(kind) { store in
            let here = GeoPoint(latitude: 64 + Double.random(in: 0..<1), longitude: -21 + Double.random(in: 0..<1))
            let day = 86_400.0
            // Two of two up, ten of eleven up, ten of eleven up but three weeks old, and one without votes.
            let few = try await store.create(Self.activity(name: "Few", at: here, created: 21 * day), idempotencyKey: nil)
            let many = try await store.create(Self.activity(name: "Many", at: here, created: 21 * day), idempotencyKey: nil)
            let old = try await store.create(Self.activity(name: "Old", at: here, created: 0), idempotencyKey: nil)
            _ = try await store.create(Self.activity(name: "Unvoted", at: here, created: 21 * day), idempotencyKey: nil)
            for _ in 0..<2 { _ = try await store.vote(.up, on: few.id, by: UUID()) }
            for activity in [many, old] {
                for _ in 0..<10 { _ = try await store.vote(.up, on: activity.id, by: UUID()) }
                _ = try await store.vote(.down, on: activity.id, by: UUID())
            }
            while try await store.rankVoted(limit: 1_000) == 1_000 {}
            let trending = try await store.trending(near: here, within: 1_000, hiding: [], limit: 10).map(\.activity.details.name)
            #expect(trending == ["Many", "Few", "Old", "Unvoted"])
            #expect(
                try await store.trending(near: here, within: 1_000, hiding: [many.authorID], limit: 2).map(\.activity.details.name) == ["Few", "Old"])
        }
    }

    @Test(arguments: StoreKind.allCases)
    func anActivityCountsTheListsHoldingACopyAndAPurgedVoterIsUncounted(_ kind: StoreKind) async throws {
        try await withStore(kind) { store in
            let activity = try await store.create(Self.activity(), idempotencyKey: nil)
            let owner = UUID()
            let lists = [
                try await store.create(BucketListFixtures.list(owner: owner), idempotencyKey: nil),
                try await store.create(BucketListFixtures.list(owner: owner, title: "Other"), idempotencyKey: nil),
            ]
            for list in lists + [lists[0]] {
                let item = Item(
                    id: UUID(), listID: list.id, ownerID: owner, details: ItemDetails(title: "Fado night"), source: .activity(activity.id),
                    createdAt: BucketListFixtures.time(), updatedAt: BucketListFixtures.time())
                _ = try await store.add(item, idempotencyKey: nil)
            }
            #expect(try await store.activity(activity.id)?.listCount == 2, "two lists, one of them twice")
            let voter = UUID()
            _ = try await store.vote(.up, on: activity.id, by: voter)
            let theirs = try await store.create(Self.activity(author: voter, name: "Theirs"), idempotencyKey: nil)
            _ = try await store.vote(.down, on: activity.id, by: UUID())
            #expect(try await store.deleteAll(of: voter).map(\.id) == [theirs.id])
            #expect(try await store.activity(activity.id)?.votes == VoteCounts(up: 0, down: 1))
            #expect(try await store.activity(theirs.id) == nil)
            #expect(try await store.deleteAll(of: voter).isEmpty)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func favouritesAreOncePerUserLatestFirstAndGoWithTheActivityOrTheUser(_ kind: StoreKind) async throws {
        try await withStore(kind) { store in
            let (ana, author, hidden) = (UUID(), UUID(), UUID())
            let fado = try await store.create(Self.activity(author: author, name: "Fado"), idempotencyKey: nil)
            let tram = try await store.create(Self.activity(author: author, name: "Tram"), idempotencyKey: nil)
            let theirs = try await store.create(Self.activity(author: hidden, name: "Hidden"), idempotencyKey: nil)
            #expect(try await store.favourite(fado.id, by: ana, at: BucketListFixtures.time(1)) == true)
            #expect(try await store.favourite(fado.id, by: ana, at: BucketListFixtures.time(9)) == false, "once; the first time stays")
            #expect(try await store.favourite(tram.id, by: ana, at: BucketListFixtures.time(2)) == true)
            #expect(try await store.favourite(theirs.id, by: ana, at: BucketListFixtures.time(3)) == true)
            #expect(try await store.favourite(UUID(), by: ana, at: BucketListFixtures.time(4)) == nil, "no such activity")
            #expect(try await store.favourites(by: ana, among: [fado.id, tram.id, UUID()]) == [fado.id, tram.id])
            #expect(try await store.favourites(by: UUID(), among: [fado.id]).isEmpty)
            let listed = try await store.favouriteActivities(of: ana, hiding: [hidden], page: PageRequest())
            #expect(listed.items.map(\.id) == [tram.id, fado.id] && listed.nextCursor == nil, "latest first, hidden authors left out")
            let first = try await store.favouriteActivities(of: ana, hiding: [], page: PageRequest(size: 2))
            #expect(first.items.map(\.id) == [theirs.id, tram.id] && first.nextCursor != nil)
            let second = try await store.favouriteActivities(of: ana, hiding: [], page: PageRequest(size: 2, cursor: first.nextCursor))
            #expect(second.items.map(\.id) == [fado.id] && second.nextCursor == nil)

            #expect(try await store.unfavourite(tram.id, by: ana) == true)
            #expect(try await store.unfavourite(tram.id, by: ana) == false, "once")
            _ = try await store.delete(fado.id, author: author)
            let _: [Activity] = try await store.deleteAll(of: hidden)
            #expect(try await store.favouriteActivities(of: ana, hiding: [], page: PageRequest()).items.isEmpty, "gone with their activities")
            #expect(try await store.favourite(tram.id, by: ana, at: BucketListFixtures.time(5)) == true)
            let _: [Activity] = try await store.deleteAll(of: ana)
            #expect(try await store.favourites(by: ana, among: [tram.id]).isEmpty, "and with their user")
        }
    }
}
