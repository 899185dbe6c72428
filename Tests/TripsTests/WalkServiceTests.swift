import Foundation
import RoamCore
import RoamTesting
import Synchronization
import Testing

@testable import Trips

/// The walk rules on the in-memory store: taking a walk, posting it, who sees it, ratings, GPX both
/// ways and the walks nobody finished.
@Suite struct WalkServiceTests {
    final class Clock: Sendable {
        let time = Mutex(TripFixtures.utc("2026-06-12T09:00:00Z"))
        var now: Date { time.withLock { $0 } }
        func advance(_ seconds: TimeInterval) { time.withLock { $0 += seconds } }
    }

    let store = InMemoryWalkStore()
    let media = InMemoryMediaAttachments()
    let graph = FakeSocialGraph()
    let groupWalks = FakeGroupWalks()
    let clock = Clock()

    var service: WalkService {
        WalkService(walks: store, media: media, graph: graph, groupWalks: groupWalks, maxDuration: .seconds(12 * 3600), now: { [clock] in clock.now })
    }

    func points(_ count: Int, after start: Date) -> [TrackPoint] {
        (0..<count).map { index in
            TrackPoint(
                at: start.addingTimeInterval(Double(index + 1) * 10),
                point: WalkRepositoryContractTests.alfama.moved(meters: Double(index) * 50, bearing: 45), accuracyMeters: 4)
        }
    }

    /// A taken-down walk: not found for others (reading, rating, searching, GPX), shown to its owner
    /// with why; back when restored.
    @Test func aTakenDownWalkIsGoneForAllButItsOwner() async throws {
        let (ana, bo) = (UUID(), UUID())
        let walk = try await service.start(
            WalkStart(details: WalkDetails(title: "Castle views"), start: WalkPlace(point: WalkRepositoryContractTests.alfama, name: "Alfama")),
            owner: ana, idempotencyKey: nil)
        clock.advance(600)
        _ = try await service.record(points(5, after: walk.startedAt), walk: walk.id, owner: ana)
        _ = try await service.finish(walk.id, owner: ana)
        _ = try await service.setVisibility(.public, walk: walk.id, owner: ana)
        let moderator = Moderator(userID: UUID(), roles: [.moderator], name: "user:mod")
        let down = try await service.takeDown(walk: walk.id, reason: "Trespassing", by: moderator)
        #expect(down.takedown?.reason == "Trespassing")

        await #expect(throws: WalkError.notFound) { try await service.walk(walk.id, for: bo) }
        await #expect(throws: WalkError.notFound) { try await service.rate(walk.id, rating: 5, by: bo) }
        await #expect(throws: WalkError.notFound) { try await service.gpx(of: walk.id, for: bo) }
        #expect(try await service.visibleWalk(walk.id, for: bo) == nil)
        #expect(try await service.search(WalkQuery(reader: bo, text: "castle"), page: PageRequest()).items.isEmpty)
        #expect(try await service.walk(walk.id, for: ana).walk.takedown?.reason == "Trespassing", "its owner sees why")
        #expect(try await service.takeDown(walk: walk.id, reason: "Again", by: moderator).takedown?.reason == "Trespassing")

        _ = try await service.restore(walk: walk.id, by: moderator)
        #expect(try await service.walk(walk.id, for: bo).walk.id == walk.id)
        #expect(try await service.search(WalkQuery(reader: bo, text: "castle"), page: PageRequest()).items.map(\.walk.id) == [walk.id])
    }

    @Test func aWalkIsTakenFinishedAndPostedAndOnlyThenSeenByOthers() async throws {
        let (ana, bo) = (UUID(), UUID())
        let start = WalkStart(
            details: WalkDetails(title: "  To the castle ", tags: ["#History", "history", "views"]),
            start: WalkPlace(point: WalkRepositoryContractTests.alfama, name: "Alfama"),
            destination: WalkPlace(point: GeoPoint(latitude: 38.7139, longitude: -9.1334), name: "Castelo"))
        let walk = try await service.start(start, owner: ana, idempotencyKey: "go")
        #expect(walk.details.title == "To the castle" && walk.details.tags == ["history", "views"] && !walk.isFinished)
        #expect(try await service.start(start, owner: ana, idempotencyKey: "go").id == walk.id)

        clock.advance(600)
        let sent = points(20, after: walk.startedAt)
        #expect(try await service.record(sent, walk: walk.id, owner: ana) == (20, 20))
        #expect(try await service.record(Array(sent.prefix(5)), walk: walk.id, owner: ana) == (0, 20), "a moment once")
        await #expect(throws: WalkError.notFound) { try await service.record(sent, walk: walk.id, owner: bo) }
        let early = TrackPoint(at: walk.startedAt.addingTimeInterval(-60), point: WalkRepositoryContractTests.alfama, accuracyMeters: 3)
        await #expect(throws: RoamError.invalidField("points[0].at", "must be between the walk's start and now")) {
            try await service.record([early], walk: walk.id, owner: ana)
        }
        let photo = media.upload(for: ana)
        let withPoint = try await service.addPointOfInterest(
            PointOfInterest(
                id: UUID(), point: GeoPoint(latitude: 38.7125, longitude: -9.1310), name: " Miradouro ", note: "Best view",
                mediaIDs: [photo], createdAt: Date()), walk: walk.id, owner: ana)
        #expect(withPoint.pointsOfInterest.map(\.name) == ["Miradouro"])
        #expect(media.subjects(of: photo) == ["walk/\(walk.id.lowercasedString)"])

        // Not posted while ongoing; private once finished; public once posted.
        await #expect(throws: WalkError.ongoing) { try await service.setVisibility(.public, walk: walk.id, owner: ana) }
        let done = try await service.finish(walk.id, owner: ana)
        #expect(done.visibility == .private && done.duration == 600 && abs(done.route.distanceMeters - 950) < 1 && done.route.pointCount == 20)
        await #expect(throws: WalkError.finished) { try await service.finish(walk.id, owner: ana) }
        await #expect(throws: WalkError.finished) { try await service.record(sent, walk: walk.id, owner: ana) }
        await #expect(throws: WalkError.notFound) { try await service.walk(walk.id, for: bo) }
        #expect(try await service.search(WalkQuery(reader: bo, text: "castle"), page: PageRequest()).items.isEmpty)
        _ = try await service.setVisibility(.public, walk: walk.id, owner: ana)
        #expect(try await service.walk(walk.id, for: bo).walk.id == walk.id)
        let found = try await service.search(WalkQuery(reader: bo, text: "miradouro"), page: PageRequest()).items
        #expect(found.map(\.walk.id) == [walk.id])
        #expect(try await service.path(of: walk.id, for: bo, after: nil, limit: 5).map(\.at) == Array(sent.prefix(5)).map(\.at))

        // Blocked either way: nothing; made private again: only Ana.
        graph.block(bo, ana)
        await #expect(throws: WalkError.notFound) { try await service.walk(walk.id, for: bo) }
        #expect(try await service.visibleWalk(walk.id, for: bo) == nil)
        let cy = UUID()
        _ = try await service.setVisibility(.private, walk: walk.id, owner: ana)
        await #expect(throws: WalkError.notFound) { try await service.walk(walk.id, for: cy) }
        #expect(try await service.ownWalks(of: ana, page: PageRequest()).items.map(\.walk.id) == [walk.id])

        // Deleting lets the photos go.
        try await service.delete(walk.id, owner: ana)
        #expect(media.subjects(of: photo).isEmpty)
        await #expect(throws: RoamError.notFound("walk")) { try await service.delete(walk.id, owner: ana) }
    }

    @Test func ratingsAreOnePerUserNeverOnesOwnAndOnlyOfWhatOneMaySee() async throws {
        let (ana, bo) = (UUID(), UUID())
        let walk = try await service.start(
            WalkStart(details: WalkDetails(title: "Loop"), start: WalkPlace(point: WalkRepositoryContractTests.alfama)),
            owner: ana, idempotencyKey: nil)
        clock.advance(60)
        _ = try await service.finish(walk.id, owner: ana)
        await #expect(throws: WalkError.notFound) { try await service.rate(walk.id, rating: 5, by: bo) }
        _ = try await service.setVisibility(.public, walk: walk.id, owner: ana)
        await #expect(throws: WalkError.ownWalk) { try await service.rate(walk.id, rating: 5, by: ana) }
        await #expect(throws: RoamError.invalidField("rating", "must be 1 to 5")) { try await service.rate(walk.id, rating: 6, by: bo) }
        #expect(try await service.rate(walk.id, rating: 2, by: bo).walk.ratingAverage == 2)
        let changed = try await service.rate(walk.id, rating: 4, by: bo)
        #expect(changed.walk.ratingCount == 1 && changed.walk.ratingAverage == 4 && changed.myRating == 4)
        #expect(try await service.walk(walk.id, for: bo).myRating == 4)
    }

    @Test func aGroupWalksMembersReadTheWalkItFollowsWhileItsHostMay() async throws {
        let (ana, bo, carl, dan) = (UUID(), UUID(), UUID(), UUID())
        let walk = try await service.start(
            WalkStart(details: WalkDetails(title: "Private loop"), start: WalkPlace(point: WalkRepositoryContractTests.alfama)),
            owner: ana, idempotencyKey: nil)
        clock.advance(60)
        _ = try await service.record(points(3, after: walk.startedAt), walk: walk.id, owner: ana)
        _ = try await service.finish(walk.id, owner: ana)
        await #expect(throws: WalkError.notFound) { try await service.walk(walk.id, for: bo) }

        // Ana hosts a group walk along her private walk; Bo joins it and reads it, its path and GPX.
        groupWalks.add(following: walk.id, host: ana, members: [bo])
        #expect(try await service.walk(walk.id, for: bo).walk.id == walk.id)
        #expect(try await service.path(of: walk.id, for: bo, after: nil, limit: 10).count == 3)
        #expect(try await service.gpx(of: walk.id, for: bo).contains("Private loop"))
        await #expect(throws: WalkError.notFound, "reading only: no rating") { try await service.rate(walk.id, rating: 5, by: bo) }
        await #expect(throws: WalkError.notFound, "not a member") { try await service.walk(walk.id, for: carl) }
        // A group walk whose host may not see the walk lets nobody in.
        groupWalks.add(following: walk.id, host: dan, members: [carl])
        await #expect(throws: WalkError.notFound) { try await service.walk(walk.id, for: carl) }
        // Nor does one whose member and the walk's owner block each other.
        graph.block(ana, bo)
        await #expect(throws: WalkError.notFound) { try await service.path(of: walk.id, for: bo, after: nil, limit: 10) }
        // Once the group walk ends, its members read the walk no more.
        groupWalks.end()
        await #expect(throws: WalkError.notFound) { try await service.walk(walk.id, for: bo) }

        // Events is asked only when nothing else lets the reader in.
        let asked = groupWalks.asked
        _ = try await service.setVisibility(.public, walk: walk.id, owner: ana)
        _ = try await service.walk(walk.id, for: carl)
        _ = try await service.walk(walk.id, for: ana)
        #expect(groupWalks.asked == asked)
    }

    @Test func gpxExportedThenImportedGivesTheSamePointsTimesAndWaypoints() async throws {
        let ana = UUID()
        let walk = try await service.start(
            WalkStart(
                details: WalkDetails(title: "Tejo & <co>", description: "By the river"),
                start: WalkPlace(point: WalkRepositoryContractTests.alfama)), owner: ana, idempotencyKey: nil)
        clock.advance(3_600)
        // Times to the microsecond, as recorded.
        let sent = points(30, after: walk.startedAt).enumerated().map { index, point in
            TrackPoint(at: point.at.addingTimeInterval(Double(index) * 0.000123), point: point.point, accuracyMeters: 0)
        }
        _ = try await service.record(sent, walk: walk.id, owner: ana)
        _ = try await service.addPointOfInterest(
            PointOfInterest(
                id: UUID(), point: WalkRepositoryContractTests.alfama, name: "Café", note: "Bica",
                createdAt: Date()), walk: walk.id, owner: ana)
        _ = try await service.finish(walk.id, owner: ana)
        let exported = try await service.gpx(of: walk.id, for: ana)
        #expect(exported.contains("<name>Tejo &amp; &lt;co&gt;</name>"))
        let read = try GPXReader.read(Data(exported.utf8))
        let imported = try await service.importGPX(read, owner: ana, idempotencyKey: "file-1")
        #expect(try await service.importGPX(read, owner: ana, idempotencyKey: "file-1").id == imported.id)
        let back = try await service.path(of: imported.id, for: ana, after: nil, limit: 100)
        #expect(back.map(\.at) == sent.map(\.at.wholeMicroseconds))
        #expect(
            zip(back, sent).allSatisfy { abs($0.point.latitude - $1.point.latitude) < 1e-7 && abs($0.point.longitude - $1.point.longitude) < 1e-7 })
        #expect(imported.details.title == "Tejo & <co>" && imported.details.description == "By the river")
        #expect(imported.pointsOfInterest.map(\.name) == ["Café"] && imported.pointsOfInterest.first?.note == "Bica")
        #expect(imported.isFinished && imported.visibility == .private && imported.startedAt == sent[0].at.wholeMicroseconds)
        #expect(try await service.gpx(of: imported.id, for: ana) == exported, "and out again the same")
    }

    @Test func aWalkNobodyFinishedIsClosedAtItsLastPointAfterTheLongestAWalkMayLast() async throws {
        let ana = UUID()
        let walk = try await service.start(
            WalkStart(details: WalkDetails(title: "Forgotten"), start: WalkPlace(point: WalkRepositoryContractTests.alfama)),
            owner: ana, idempotencyKey: nil)
        clock.advance(120)
        let sent = points(3, after: walk.startedAt)
        _ = try await service.record(sent, walk: walk.id, owner: ana)
        clock.advance(11 * 3600)
        #expect(try await service.closeOverdue() == 0)
        clock.advance(3600)
        #expect(try await service.closeOverdue() == 1)
        let closed = try #require(try await store.walk(walk.id))
        #expect(closed.closedAutomatically && closed.finishedAt == sent.last?.at && closed.visibility == .private)
        #expect(try await service.closeOverdue() == 0)
    }

    @Test func badInputIsNamedByItsField() async throws {
        let ana = UUID()
        let place = WalkPlace(point: WalkRepositoryContractTests.alfama)
        await #expect(throws: RoamError.invalidField("title", "must not be blank")) {
            try await service.start(WalkStart(details: WalkDetails(title: " "), start: place), owner: ana, idempotencyKey: nil)
        }
        await #expect(throws: RoamError.invalidField("start.point.latitude", "must be between -90 and 90")) {
            try await service.start(
                WalkStart(details: WalkDetails(title: "X"), start: WalkPlace(point: GeoPoint(latitude: 91, longitude: 0))),
                owner: ana, idempotencyKey: nil)
        }
        await #expect(throws: RoamError.invalidField("started_at", "must not be in the future")) {
            try await service.start(
                WalkStart(details: WalkDetails(title: "X"), start: place, startedAt: clock.now.addingTimeInterval(3600)),
                owner: ana, idempotencyKey: nil)
        }
        // An imported file's points are held to the rule live points keep: none in the future.
        let tomorrow = clock.now.addingTimeInterval(86_400)
        let future = ImportedWalk(
            name: "Later",
            points: [
                TrackPoint(at: clock.now.addingTimeInterval(-60), point: place.point, accuracyMeters: 0),
                TrackPoint(at: tomorrow, point: place.point, accuracyMeters: 0),
            ])
        await #expect(throws: RoamError.invalidField("gpx.trkpt[1].time", "must not be in the future")) {
            try await service.importGPX(future, owner: ana, idempotencyKey: nil)
        }
        await #expect(throws: RoamError.invalidField("tags[0]", "must be 1 to 40 letters, digits, - or _")) {
            try await service.start(WalkStart(details: WalkDetails(title: "X", tags: ["no spaces"]), start: place), owner: ana, idempotencyKey: nil)
        }
        await #expect(throws: RoamError.invalidField("within_meters", "must be more than 0 and at most 100,000")) {
            try await service.search(WalkQuery(reader: ana, near: (place.point, 0)), page: PageRequest())
        }
        await #expect(throws: RoamError.invalidField("order", "distance needs near and within_meters")) {
            try await service.search(WalkQuery(reader: ana, order: .distance), page: PageRequest())
        }
        let walk = try await service.start(WalkStart(details: WalkDetails(title: "X"), start: place), owner: ana, idempotencyKey: nil)
        let stranger = media.upload(for: UUID())
        await #expect(throws: RoamError.self) {
            try await service.addPointOfInterest(
                PointOfInterest(id: UUID(), point: place.point, name: "P", mediaIDs: [stranger], createdAt: Date()),
                walk: walk.id, owner: ana)
        }
        #expect(try await store.walk(walk.id)?.pointsOfInterest.isEmpty == true, "a refused photo adds nothing")
    }
}
