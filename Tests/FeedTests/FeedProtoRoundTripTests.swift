import Foundation
import GRPCCore
import RoamProto
import RoamRuntime
import RoamTesting
import Testing

@testable import Feed

/// Every field of a story's messages through the feed's adapter into the store and back: a create with
/// every field set (`ProtoFill`, from the descriptors), the stored post with no member unset, answers
/// with no field unset but what a new post cannot have yet and each sent field as sent, an edit of every
/// field changing each, and an edit of none changing nothing.
@Suite struct FeedProtoRoundTripTests {
    static func place(_ latitude: Double, _ longitude: Double, _ name: String) -> [String: any Sendable] {
        ["position": ["latitude": latitude, "longitude": longitude], "name": name]
    }

    @Test func aStoryWithEveryFieldSetComesBackWhole() async throws {
        let tokens = await TestTokens()
        let store = InMemoryFeedStore()
        let feed = FeedService(store: store, membership: FakeMembership())
        let author = UUID()
        try await InProcessService.run([FeedGRPCService(feed: feed)], verifier: try await tokens.verifier(), anonymousMethods: []) { grpc, _ in
            let client = Roam_Feed_V1_FeedService.Client(wrapping: grpc)
            let metadata: Metadata = ["authorization": "Bearer \(try await tokens.userToken(author))"]
            let create = try ProtoFill.every(
                Roam_Feed_V1_CreatePostRequest.self,
                values: ["place": Self.place(59.33, 18.07, "Slussen"), "text": "Sunset #views"])
            let created = try await client.createPost(create, metadata: metadata).post
            // Nobody has liked, commented, seen or saved it yet; it was never edited or taken down.
            let fresh = [
                "edited_at", "engagement.likes", "engagement.comments", "engagement.views", "engagement.liked_by_me", "engagement.saved_by_me",
                "takedown",
            ]
            #expect(ProtoFill.unsetFields(of: created) == fresh)
            #expect(ProtoFill.differences(sent: create, received: created).isEmpty)
            #expect(created.audience == create.audience && created.mediaIds == create.mediaIds && created.tags == ["views"])
            let id = try #require(UUID(uuidString: created.postID))
            #expect(unsetMembers(of: try #require(try await store.post(id: id))).filter { !["editedAt", "takedown"].contains($0) }.isEmpty)

            let update = try ProtoFill.every(
                Roam_Feed_V1_UpdatePostRequest.self, variant: 2,
                values: ["post_id": created.postID, "place": Self.place(59.32, 18.06, "Södermalm"), "text": "Dusk #harbour"])
            let updated = try await client.updatePost(update, metadata: metadata).post
            #expect(ProtoFill.unsetFields(of: updated) == fresh.filter { $0 != "edited_at" })
            #expect(ProtoFill.differences(sent: update, received: updated, ignoring: ["post_id"]).isEmpty)
            #expect(updated.audience.place == update.place && updated.mediaIds == update.media.ids && updated.tags == ["harbour"])
            let untouched = try await client.updatePost(.with { $0.postID = created.postID }, metadata: metadata).post
            #expect(untouched.text == updated.text && untouched.title == updated.title && untouched.audience == updated.audience)
            #expect(untouched.mediaIds == updated.mediaIds, "an edit that sends nothing changes nothing")
        }
    }
}
