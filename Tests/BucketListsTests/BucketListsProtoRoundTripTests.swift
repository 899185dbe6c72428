import Foundation
import GRPCCore
import RoamProto
import RoamRuntime
import RoamTesting
import Testing

@testable import BucketLists

/// Every field of an activity's and a list's messages through bucket lists' adapters into the store and
/// back: creates with every field set (`ProtoFill`, from the descriptors), the stored activity and list
/// with no member unset, answers with no field unset but what a new one cannot have yet and each sent
/// field as sent, an edit of every field changing each, and an edit of none changing nothing.
@Suite struct BucketListsProtoRoundTripTests {
    let store = InMemoryBucketListStore()
    let media = InMemoryMediaAttachments()
    let author = UUID()

    typealias Lists = BucketListsGRPCTests.Lists
    typealias Activities = BucketListsGRPCTests.Activities

    func run(_ body: @Sendable (Lists, Activities, Metadata) async throws -> Void) async throws {
        let tokens = await TestTokens()
        let graph = FakeSocialGraph()
        let lists = BucketListService(lists: store, graph: graph, media: media)
        let activities = ActivityService(activities: store, lists: lists, graph: graph, media: media)
        try await InProcessService.run(
            [BucketListsGRPCService(lists: lists), ActivitiesGRPCService(activities: activities, lists: lists)],
            verifier: try await tokens.verifier(), anonymousMethods: []
        ) { grpc, _ in
            let metadata: Metadata = ["authorization": "Bearer \(try await tokens.userToken(author))"]
            try await body(.init(wrapping: grpc), .init(wrapping: grpc), metadata)
        }
    }

    @Test func anActivityWithEveryFieldSetComesBackWhole() async throws {
        try await run { _, client, metadata in
            let create = try ProtoFill.every(
                Roam_Bucketlists_V1_CreateActivityRequest.self,
                values: [
                    "point": ["latitude": 64.14, "longitude": -21.94], "ends_at": "2026-07-12T10:00:00Z", "tags": ["whales"],
                    "media_ids": [media.upload(for: author).lowercasedString],
                ])
            let created = try await client.createActivity(create, metadata: metadata).activity
            // Nobody has voted or listed it, it is no favourite and was not searched for near a point.
            let fresh = ["score", "up_count", "down_count", "list_count", "distance_meters", "favourite", "takedown"]
            #expect(ProtoFill.unsetFields(of: created) == fresh)
            #expect(ProtoFill.differences(sent: create.activity, received: created).isEmpty)
            #expect(
                created.place == create.activity.place && created.window == create.activity.window && created.mediaIds == create.activity.mediaIds)
            let id = try #require(UUID(uuidString: created.activityID))
            #expect(unsetMembers(of: try #require(try await store.activity(id))).filter { $0 != "takedown" }.isEmpty)

            let update = try ProtoFill.every(
                Roam_Bucketlists_V1_UpdateActivityRequest.self, variant: 2,
                values: [
                    "activity_id": created.activityID, "point": ["latitude": 65.68, "longitude": -18.09], "starts_at": "2026-07-13T10:00:00Z",
                    "ends_at": "2026-07-14T10:00:00Z", "tags": ["puffins"], "media_ids": [media.upload(for: author).lowercasedString],
                ])
            let updated = try await client.updateActivity(update, metadata: metadata).activity
            #expect(ProtoFill.unsetFields(of: updated) == fresh)
            #expect(ProtoFill.differences(sent: update, received: updated, ignoring: ["activity_id"]).isEmpty)
            #expect(
                updated.place == update.place && updated.window == update.window && updated.mediaIds == update.mediaIds && updated.tags == update.tags
            )
            let untouched = try await client.updateActivity(.with { $0.activityID = created.activityID }, metadata: metadata).activity
            var expected = updated
            expected.updatedAt = untouched.updatedAt
            #expect(untouched == expected, "an edit that sends nothing changes nothing")
        }
    }

    @Test func aListWithEveryFieldSetComesBackWhole() async throws {
        try await run { client, _, metadata in
            let create = try ProtoFill.every(
                Roam_Bucketlists_V1_CreateListRequest.self, values: ["cover_media_id": media.upload(for: author).lowercasedString])
            let created = try await client.createList(create, metadata: metadata).list
            #expect(ProtoFill.unsetFields(of: created) == ["item_count", "completed_count", "takedown"], "a new list has no items")
            #expect(ProtoFill.differences(sent: create, received: created).isEmpty)
            let id = try #require(UUID(uuidString: created.listID))
            #expect(unsetMembers(of: try #require(try await store.list(id))).filter { $0 != "takedown" }.isEmpty)

            let update = try ProtoFill.every(
                Roam_Bucketlists_V1_UpdateListRequest.self, variant: 2,
                values: ["list_id": created.listID, "cover_media_id": media.upload(for: author).lowercasedString])
            let updated = try await client.updateList(update, metadata: metadata).list
            #expect(ProtoFill.unsetFields(of: updated) == ["item_count", "completed_count", "takedown"])
            #expect(ProtoFill.differences(sent: update, received: updated, ignoring: ["list_id"]).isEmpty)
            let untouched = try await client.updateList(.with { $0.listID = created.listID }, metadata: metadata).list
            var expected = updated
            expected.updatedAt = untouched.updatedAt
            #expect(untouched == expected, "an edit that sends nothing changes nothing")
        }
    }
}
