import Foundation
import RoamCore
import RoamTesting
import Testing

@testable import BucketLists

/// The rules of activities: what is checked, who sees what, trending's widening circle, and copies into lists.
@Suite struct ActivityServiceTests {
    let graph = FakeSocialGraph()
    let media = InMemoryMediaAttachments()
    let store = InMemoryBucketListStore()
    let ana = UUID(), bo = UUID()
    static let here = GeoPoint(latitude: 21.2793, longitude: -157.8292)

    var lists: BucketListService { BucketListService(lists: store, graph: graph, media: media) }
    var activities: ActivityService { ActivityService(activities: store, lists: lists, graph: graph, media: media) }

    func suggest(_ name: String, by author: UUID, at point: GeoPoint = here, tags: [String] = []) async throws -> Activity {
        try await activities.create(
            ActivityDetails(name: name, place: NamedPlace(point: point, name: "Waikiki"), tags: tags), author: author,
            idempotencyKey: nil
        ).activity
    }

    @Test func badDetailsAndQueriesAreNamedByTheirFields() async throws {
        let start = Date()
        let error = await #expect(throws: RoamError.self) {
            _ = try await activities.create(
                ActivityDetails(
                    name: " ", place: NamedPlace(point: GeoPoint(latitude: 0, longitude: 200), name: "Sea"),
                    window: TimeWindow(startsAt: start, endsAt: start.addingTimeInterval(-1)),
                    tags: ["ok", "not ok!", String(repeating: "t", count: 41)]),
                author: ana, idempotencyKey: nil)
        }
        #expect(Set(error?.violations.map(\.field) ?? []) == ["name", "place.point.longitude", "window.ends_at", "tags[1]", "tags[2]"])
        let tagged = try await activities.create(
            ActivityDetails(
                name: "Surf lesson", place: NamedPlace(point: Self.here, name: "Waikiki"),
                tags: ["#Surf", "surf", "Beach"]), author: ana, idempotencyKey: nil)
        #expect(tagged.activity.details.tags == ["surf", "beach"], "trimmed of #, lowercased, each once")
        let search = await #expect(throws: RoamError.self) {
            _ = try await activities.search(
                ActivityQuery(area: .circle(center: Self.here, meters: 200_000), text: "!!!"), for: ana, page: PageRequest())
        }
        #expect(Set(search?.violations.map(\.field) ?? []) == ["within_meters", "text"])
        let tag = await #expect(throws: RoamError.self) {
            _ = try await activities.search(ActivityQuery(tag: "surf\u{0}"), for: ana, page: PageRequest())
        }
        #expect(tag?.violations.map(\.field) == ["tag"], "a NUL would reach PostgreSQL as an error of its own")
        let distance = await #expect(throws: RoamError.self) {
            _ = try await activities.search(ActivityQuery(order: .distance), for: ana, page: PageRequest())
        }
        #expect(distance?.violations.map(\.field) == ["order"])
        let limit = await #expect(throws: RoamError.self) { _ = try await activities.trending(near: Self.here, limit: 0, for: ana) }
        #expect(limit?.violations.map(\.field) == ["limit"])
    }

    @Test func blockedUsersNeitherSeeNorVoteOnEachOthersActivities() async throws {
        let surf = try await suggest("Surf lesson", by: ana)
        graph.block(ana, bo)
        await #expect(throws: RoamError.notFound("activity")) { _ = try await activities.activity(surf.id, for: bo) }
        await #expect(throws: RoamError.notFound("activity")) { _ = try await activities.vote(.up, on: surf.id, by: bo) }
        let found = try await activities.search(ActivityQuery(area: .circle(center: Self.here, meters: 1_000)), for: bo, page: PageRequest())
        #expect(!found.items.contains { $0.activity.id == surf.id })
        #expect(try await activities.trending(near: Self.here, limit: 20, for: bo).activities.isEmpty)
        #expect(try await activities.visibleActivity(surf.id, for: bo) == nil)
        #expect(try await activities.visibleActivity(surf.id, for: UUID())?.authorID == ana)
    }

    @Test func onlyTheAuthorChangesAnActivityAndEveryoneSeesTheirOwnVote() async throws {
        let photo = media.upload(for: ana)
        let surf = try await activities.create(
            ActivityDetails(name: "Surf lesson", place: NamedPlace(point: Self.here, name: "Waikiki"), mediaIDs: [photo]),
            author: ana, idempotencyKey: "s-1")
        #expect(media.subjects(of: photo) == ["activity/\(surf.activity.id.lowercasedString)"])
        await #expect(throws: RoamError.notFound("activity")) {
            _ = try await activities.update(surf.activity.id, changes: ActivityChanges.fixture(name: "Bo's"), author: bo)
        }
        let voted = try await activities.vote(.up, on: surf.activity.id, by: bo)
        #expect(voted.myVote == .up && voted.activity.votes == VoteCounts(up: 1, down: 0))
        await #expect(throws: RoamError.notFound("vote"), "ana has no vote to withdraw") {
            _ = try await activities.vote(nil, on: surf.activity.id, by: ana)
        }
        #expect(try await activities.activity(surf.activity.id, for: bo).myVote == .up)
        #expect(try await activities.activity(surf.activity.id, for: ana).myVote == nil)
        let renamed = try await activities.update(surf.activity.id, changes: ActivityChanges.fixture(name: "Dawn surf", mediaIDs: []), author: ana)
        #expect(renamed.activity.details.name == "Dawn surf" && media.subjects(of: photo).isEmpty)
        await #expect(throws: RoamError.notFound("activity")) { try await activities.delete(surf.activity.id, author: bo) }
        #expect(try await activities.activity(surf.activity.id, for: bo).activity.details.name == "Dawn surf", "a stranger's delete changes nothing")
        try await activities.delete(surf.activity.id, author: ana)
        await #expect(throws: RoamError.notFound("activity")) { try await activities.delete(surf.activity.id, author: ana) }
        await #expect(throws: RoamError.notFound("activity")) { _ = try await activities.activity(surf.activity.id, for: ana) }
    }

    @Test func trendingWidensItsCircleUntilTwentyAreFound() async throws {
        let far = Self.here.moved(meters: 15_000, bearing: 0)
        for index in 0..<3 { _ = try await suggest("Near \(index)", by: ana, at: Self.here.moved(meters: 500, bearing: Double(index) * 90)) }
        for index in 0..<18 { _ = try await suggest("Far \(index)", by: ana, at: far.moved(meters: Double(index) * 10, bearing: 0)) }
        _ = try await store.rankVoted(limit: 100)
        let (found, radius) = try await activities.trending(near: Self.here, limit: 20, for: bo)
        #expect(radius == 20_000, "1, 2, 5 and 10 km hold 3; 20 km holds 21")
        #expect(found.count == 20)
        let (few, small) = try await activities.trending(near: Self.here, limit: 3, for: bo)
        #expect(small == 1_000 && few.count == 3, "three asked for, three within the first circle")
    }

    @Test func addingAnActivityToAListCopiesItAndCountsTheList() async throws {
        let surf = try await suggest("Surf lesson at dawn", by: ana, tags: ["surf"])
        let bucket = try await lists.createList(ListDetails(title: "Hawaii"), owner: bo, idempotencyKey: nil)
        let item = try await activities.addToList(surf.id, list: bucket.id, reader: bo, idempotencyKey: "add-1")
        #expect(item.source == .activity(surf.id) && item.details.title == "Surf lesson at dawn" && item.details.place?.name == "Waikiki")
        #expect(try await activities.addToList(surf.id, list: bucket.id, reader: bo, idempotencyKey: "add-1").id == item.id, "a retry")
        #expect(try await activities.activity(surf.id, for: bo).activity.listCount == 1)
        await #expect(throws: RoamError.invalidField("list_id", "must be one of your lists")) {
            _ = try await activities.addToList(surf.id, list: bucket.id, reader: ana, idempotencyKey: nil)
        }
        graph.block(bo, ana)
        await #expect(throws: RoamError.notFound("activity")) {
            _ = try await activities.addToList(surf.id, list: bucket.id, reader: bo, idempotencyKey: nil)
        }
    }
}
