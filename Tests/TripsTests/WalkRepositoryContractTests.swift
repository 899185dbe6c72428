import Foundation
import RoamCore
import RoamRuntime
import RoamTesting
import Testing

@testable import Trips

/// What both walk stores do, run against each: points once, finishing, "passes near" measured to the
/// path's segments, words and tags, who sees what, exact ratings, purges.
@Suite struct WalkRepositoryContractTests {
    static let start = TripFixtures.utc("2026-06-12T08:00:00Z")
    static let alfama = GeoPoint(latitude: 38.7118, longitude: -9.1300)

    static func withStore(_ kind: StoreKind, _ body: @Sendable (any WalkRepository) async throws -> Void) async throws {
        switch kind {
        case .memory:
            try await body(InMemoryWalkStore())
        case .postgres:
            try await TestDatabase.withClient { client in
                try await TripsMigrations.migrator.migrate(client, logger: .init(label: "test"))
                // Generous, as StoreKind's: the concurrency test queues 80 writes on one pool while the suite loads both cores.
                try await body(PostgresWalkStore(database: Database(client: client, operationTimeout: .seconds(120))))
            }
        }
    }

    /// An ongoing walk of its own owner, starting at `origin`.
    static func walk(owner: UUID = UUID(), title: String = "Morning walk", tags: [String] = [], origin: GeoPoint = alfama) -> Walk {
        Walk(
            id: .v7(), ownerID: owner, details: WalkDetails(title: title, tags: tags), start: WalkPlace(point: origin, name: "Start"),
            destination: WalkPlace(point: origin.moved(meters: 2_000, bearing: 90), name: "Castle"), startedAt: start,
            createdAt: start, updatedAt: start)
    }

    /// `count` points `meters` apart heading `bearing`, 30 s apart.
    static func points(_ count: Int, from origin: GeoPoint = alfama, meters: Double = 100, bearing: Double = 90) -> [TrackPoint] {
        (0..<count).map { index in
            TrackPoint(
                at: start.addingTimeInterval(Double(index) * 30), point: origin.moved(meters: Double(index) * meters, bearing: bearing),
                accuracyMeters: 5)
        }
    }

    /// A finished walk with `points`, posted when `public`.
    static func finished(_ walk: Walk, _ points: [TrackPoint], public: Bool = true, in store: any WalkRepository) async throws -> Walk {
        let created = try await store.create(walk, points: [], idempotencyKey: nil)
        _ = try await store.addPoints(points, walk: created.id, owner: walk.ownerID)
        _ = try await store.finish(
            created.id, owner: walk.ownerID, at: start.addingTimeInterval(3_600), route: WalkRoute(points: points),
            automatically: false)
        return try #require(try await store.modify(created.id, owner: walk.ownerID, at: start) { $0.visibility = `public` ? .public : .private })
    }

    @Test(arguments: StoreKind.allCases)
    func aTakedownIsKeptAndPutBack(_ kind: StoreKind) async throws {
        try await Self.withStore(kind) { store in
            let walk = try await store.create(Self.walk(), points: [], idempotencyKey: nil)
            let takedown = Takedown(at: Self.start, reason: "trespassing", by: "operator:ana")
            #expect(try await store.setTakedown(ofWalk: walk.id, takedown)?.takedown == takedown)
            #expect(try await store.walk(walk.id)?.takedown == takedown)
            #expect(try await store.setTakedown(ofWalk: walk.id, nil)?.takedown == nil)
            #expect(try await store.walk(walk.id)?.takedown == nil)
            #expect(try await store.setTakedown(ofWalk: UUID(), takedown) == nil)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func pointsAreKeptOnceOnlyWhileTheWalkIsOngoingAndFinishingFixesItsRoute(_ kind: StoreKind) async throws {
        try await Self.withStore(kind) { store in
            let walk = Self.walk()
            let created = try await store.create(walk, points: [], idempotencyKey: "k1")
            #expect(
                try await store.create(Self.walk(owner: walk.ownerID), points: [], idempotencyKey: "k1").id == created.id,
                "the key answers the first walk")
            let points = Self.points(5)
            #expect(try await store.addPoints(Array(points.prefix(3)), walk: walk.id, owner: walk.ownerID)! == (3, 3))
            #expect(try await store.addPoints(Array(points.suffix(3)), walk: walk.id, owner: walk.ownerID)! == (2, 5))
            #expect(try await store.addPoints(points, walk: walk.id, owner: UUID()) == nil, "someone else's walk")
            #expect(try await store.points(of: walk.id, after: nil, limit: 10).map(\.at) == points.map(\.at))
            #expect(try await store.points(of: walk.id, after: points[1].at, limit: 2).map(\.at) == [points[2].at, points[3].at])
            #expect(try await store.ongoing(startedBefore: Self.start.addingTimeInterval(1), limit: 10_000).contains { $0.id == walk.id })

            let route = WalkRoute(points: points)
            let done = try #require(
                try await store.finish(
                    walk.id, owner: walk.ownerID, at: Self.start.addingTimeInterval(600), route: route,
                    automatically: true))
            #expect(done.isFinished && done.closedAutomatically && done.visibility == .private && done.duration == 600)
            #expect(abs(done.route.distanceMeters - 400) < 0.5 && done.route.pointCount == 5 && done.route.preview.count == 2)
            #expect(try await store.finish(walk.id, owner: walk.ownerID, at: Self.start, route: route, automatically: false) == nil, "once")
            #expect(try await store.addPoints(Self.points(1), walk: walk.id, owner: walk.ownerID) == nil, "nothing more once finished")
            #expect(try await !store.ongoing(startedBefore: Self.start.addingTimeInterval(1), limit: 10_000).contains { $0.id == walk.id })
        }
    }

    @Test(arguments: StoreKind.allCases)
    func aWalkIsFoundWhereItsPathPassesNotOnlyAtItsEnds(_ kind: StoreKind) async throws {
        try await Self.withStore(kind) { store in
            let tag = "t\(UUID().uuidString.prefix(8).lowercased())"
            let reader = UUID()
            // East for 2 km; the point searched is 150 m north of its middle, 1 km from either end.
            let east = try await Self.finished(Self.walk(tags: [tag]), Self.points(21), in: store)
            let middle = Self.alfama.moved(meters: 1_000, bearing: 90).moved(meters: 150, bearing: 0)
            let nearer = try await Self.finished(
                Self.walk(tags: [tag], origin: middle.moved(meters: 50, bearing: 180)),
                Self.points(3, from: middle.moved(meters: 50, bearing: 180), meters: 10, bearing: 0), in: store)
            let privateOne = try await Self.finished(Self.walk(tags: [tag]), Self.points(21), public: false, in: store)
            let found = try await store.search(WalkQuery(reader: reader, near: (middle, 200), tag: tag), page: PageRequest()).items
            #expect(found.map(\.walk.id) == [nearer.id, east.id], "nearest first; another's private walk never")
            #expect(abs((found.last?.meters ?? 0) - 150) < 1, "measured to the path, not its points: \(found.last?.meters ?? 0)")
            #expect(
                try await store.search(WalkQuery(reader: reader, near: (middle, 100), tag: tag), page: PageRequest()).items.map(\.walk.id)
                    == [nearer.id])
            let own = try await store.search(WalkQuery(reader: privateOne.ownerID, near: (middle, 200), tag: tag), page: PageRequest()).items
            #expect(Set(own.map(\.walk.id)) == [nearer.id, east.id, privateOne.id], "one's own private walk too")
            var hiding = WalkQuery(reader: reader, near: (middle, 200), tag: tag)
            hiding.hiddenOwners = [east.ownerID]
            #expect(try await store.search(hiding, page: PageRequest()).items.map(\.walk.id) == [nearer.id], "a blocked owner's walks never")
        }
    }

    @Test(arguments: StoreKind.allCases)
    func wordsTagsRatingsAndPagesSortAsAsked(_ kind: StoreKind) async throws {
        try await Self.withStore(kind) { store in
            let word = "w\(UUID().uuidString.prefix(8).lowercased())"
            var river = Self.walk(title: "Along the \(word) river", tags: ["water"])
            river.pointsOfInterest = [PointOfInterest(id: UUID(), point: Self.alfama, name: "Old bridge", createdAt: Self.start)]
            let first = try await Self.finished(river, Self.points(3), in: store)
            _ = try await store.modify(first.id, owner: first.ownerID, at: Self.start) {
                $0.pointsOfInterest = [PointOfInterest(id: UUID(), point: Self.alfama, name: "Old \(word)bridge", createdAt: Self.start)]
            }
            let second = try await Self.finished(Self.walk(title: "Hills", tags: [word]), Self.points(3), in: store)
            let third = try await Self.finished(Self.walk(title: "\(word) at night"), Self.points(3), in: store)
            let reader = UUID()
            func ids(_ query: WalkQuery) async throws -> [UUID] {
                try await store.search(query, page: PageRequest(size: 10)).items.map(\.walk.id)
            }
            #expect(try await ids(WalkQuery(reader: reader, text: "\(word)bridge")) == [first.id], "a point of interest's words")
            #expect(try await ids(WalkQuery(reader: reader, text: "\(word) river")) == [first.id], "every word")
            #expect(try await ids(WalkQuery(reader: reader, tag: word)) == [second.id])
            _ = try await store.rate(third.id, rating: 5, by: UUID())
            _ = try await store.rate(first.id, rating: 3, by: UUID())
            _ = try await store.rate(first.id, rating: 4, by: UUID())
            let rated = try await ids(WalkQuery(reader: reader, text: word, order: .rating))
            #expect(rated == [third.id, first.id, second.id], "best average first, unrated last")
            let all = try await store.search(WalkQuery(reader: first.ownerID, text: word, order: .recent), page: PageRequest(size: 1))
            #expect(all.items.count == 1 && all.nextCursor != nil)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func ratingsAreExactUnderConcurrencyAndGoWithTheirRater(_ kind: StoreKind) async throws {
        try await Self.withStore(kind) { store in
            let walk = try await Self.finished(Self.walk(), Self.points(3), in: store)
            let raters = (0..<40).map { _ in UUID() }
            try await withThrowingTaskGroup(of: Void.self) { group in
                for (index, rater) in raters.enumerated() {
                    group.addTask {
                        _ = try await store.rate(walk.id, rating: 1 + index % 5, by: rater)
                        _ = try await store.rate(walk.id, rating: 5, by: rater)
                    }
                }
                try await group.waitForAll()
            }
            let rated = try #require(try await store.walk(walk.id))
            #expect(rated.ratingCount == 40 && rated.ratingSum == 200)
            #expect(try await store.ratings(by: raters[0], of: [walk.id, UUID()]) == [walk.id: 5])
            _ = try await store.rate(walk.id, rating: 1, by: raters[1])
            #expect(try await store.walk(walk.id)?.ratingSum == 196)

            let theirs = try await Self.finished(Self.walk(owner: raters[1]), Self.points(3), in: store)
            #expect(try await store.deleteAll(of: raters[1]).map(\.id) == [theirs.id])
            let after = try #require(try await store.walk(walk.id))
            #expect(after.ratingCount == 39 && after.ratingSum == 195, "their rating is withdrawn")
            #expect(try await store.walk(theirs.id) == nil)
            #expect(try await store.delete(walk.id, owner: UUID()) == nil)
            #expect(try await store.delete(walk.id, owner: walk.ownerID)?.id == walk.id)
            #expect(try await store.points(of: walk.id, after: nil, limit: 10).isEmpty)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func anImportedWalkArrivesFinishedWithItsPointsAndPathAndChangesKeepWhatTheyMay(_ kind: StoreKind) async throws {
        try await Self.withStore(kind) { store in
            let points = Self.points(4, bearing: 0)
            var walk = Self.walk()
            walk.finishedAt = points.last!.at
            walk.route = WalkRoute(points: points)
            let imported = try await store.create(walk, points: points, idempotencyKey: nil)
            #expect(imported.isFinished && imported.route.pointCount == 4)
            #expect(try await store.points(of: walk.id, after: nil, limit: 10) == points)
            let own = try await store.search(
                WalkQuery(reader: walk.ownerID, near: (Self.alfama.moved(meters: 150, bearing: 0), 10)),
                page: PageRequest()
            ).items
            #expect(own.map(\.walk.id) == [walk.id], "its path is drawn at once")
            let changed = try await store.modify(walk.id, owner: walk.ownerID, at: Self.start.addingTimeInterval(9)) { walk in
                walk.details.title = "Renamed"
                walk.ratingSum = 99
                walk.route.distanceMeters = 1
            }
            #expect(changed?.details.title == "Renamed" && changed?.ratingSum == 0 && changed?.route.distanceMeters == imported.route.distanceMeters)
            #expect(try await store.modify(walk.id, owner: UUID(), at: Self.start) { $0.details.title = "Mine" } == nil)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func walksFollowingARouteCountWhileOngoingAndTheHistoryHoldsWalksTakenAndRated(_ kind: StoreKind) async throws {
        try await Self.withStore(kind) { store in
            let (ana, ben, cleo) = (UUID(), UUID(), UUID())
            let route = try await Self.finished(Self.walk(owner: ana, title: "Route"), Self.points(3), in: store)
            let other = try await Self.finished(Self.walk(owner: ana, title: "Other"), Self.points(3), in: store)
            var following = Self.walk(owner: ben)
            following.routeID = route.id
            let benWalk = try await store.create(following, points: [], idempotencyKey: nil)
            #expect(benWalk.routeID == route.id)
            #expect(try await store.walk(benWalk.id)?.routeID == route.id, "kept")
            var cleos = Self.walk(owner: cleo)
            cleos.routeID = route.id
            let cleoWalk = try await store.create(cleos, points: [], idempotencyKey: nil)
            #expect(try await store.walkingNow(on: [route.id, other.id]) == [route.id: 2], "two walk it now, none the other")
            _ = try await store.finish(cleoWalk.id, owner: cleo, at: Self.start.addingTimeInterval(60), route: WalkRoute(), automatically: false)
            #expect(try await store.walkingNow(on: [route.id]) == [route.id: 1], "a finished walk no longer counts")

            // Ben's history: his walk and the walk he rated, not the one he did not.
            _ = try await store.rate(other.id, rating: 4, by: ben)
            #expect(
                try await store.history(of: ben, hiding: [], page: PageRequest()).items.map(\.id).sorted { $0.uuidString < $1.uuidString }
                    == [benWalk.id, other.id].sorted { $0.uuidString < $1.uuidString })
            #expect(try await store.history(of: ben, hiding: [ana], page: PageRequest()).items.map(\.id) == [benWalk.id], "hidden owners' walks go")
            _ = try await store.modify(other.id, owner: ana, at: Self.start) { $0.visibility = .private }
            #expect(try await store.history(of: ben, hiding: [], page: PageRequest()).items.map(\.id) == [benWalk.id], "a walk made private goes")
            let page = try await store.history(of: ana, hiding: [], page: PageRequest(size: 1))
            #expect(page.items.count == 1 && page.nextCursor != nil, "pages")

            // Deleting the route leaves the walks that followed it, following nothing.
            _ = try await store.delete(route.id, owner: ana)
            #expect(try await store.walk(benWalk.id)?.routeID == nil)
            #expect(try await store.walkingNow(on: [route.id]).isEmpty)
        }
    }
}
