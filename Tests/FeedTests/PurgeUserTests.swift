import Foundation
import GRPCCore
import RoamProto
import RoamRuntime
import RoamTesting
import Testing

@testable import Feed

/// Forgetting a deleted account: nothing it wrote or did stays readable, counts included.
@Suite struct PurgeUserTests {
    @Test(arguments: StoreKind.allCases)
    func nothingOfThePurgedUserStaysReadable(_ kind: StoreKind) async throws {
        try await kind.withStore { store in
            let membership = FakeMembership()
            let feed = FeedService(store: store, membership: membership)
            let (gone, ana, ben) = (UUID(), UUID(), UUID())
            let event = membership.event(host: ana, members: [gone, ben])

            let theirPost = try await feed.create(Fixtures.storyDraft(text: "Mine #gone"), author: gone, idempotencyKey: nil)
            _ = try await feed.comment(on: .post(theirPost.id), text: "Nice", by: ana, idempotencyKey: nil)
            let anasPost = try await feed.create(Fixtures.storyDraft(), author: ana, idempotencyKey: nil)
            let answered = try await feed.comment(on: .post(anasPost.id), text: "Answered", by: gone, idempotencyKey: nil)
            let reply = try await feed.reply(to: answered.id, text: "Reply", by: ben, idempotencyKey: nil)
            let alone = try await feed.comment(on: .post(anasPost.id), text: "Alone", by: gone, idempotencyKey: nil)
            _ = try await feed.like(.post(anasPost.id), by: gone)
            _ = try await feed.like(.post(anasPost.id), by: ben)
            _ = try await feed.like(.comment(reply.id), by: gone)
            _ = try await feed.send("hello from me", to: event, by: gone, idempotencyKey: nil)
            let anasLine = try await feed.send("hello from Ana", to: event, by: ana, idempotencyKey: nil)
            _ = try await feed.post(anasPost.id, reader: gone)  // a view
            _ = try await feed.post(anasPost.id, reader: ben)  // another
            _ = try await feed.save(anasPost.id, by: gone)
            _ = try await feed.followPlace(at: GeoPoint(latitude: 21.27, longitude: -157.82), name: "Waikiki", radiusMeters: nil, by: gone)

            for _ in 0..<2 { try await feed.purgeUser(gone) }

            #expect(await errorReason { _ = try await feed.post(theirPost.id, reader: ana) } == "NOT_FOUND")
            let post = try await feed.post(anasPost.id, reader: ana)
            #expect(post.engagement.likes == 1 && post.engagement.comments == 1 && post.engagement.views == 1)
            #expect(try await feed.saved(by: gone, page: PageRequest()).items.isEmpty)
            #expect(try await feed.followedPlaces(by: gone, page: PageRequest()).items.isEmpty)
            let thread = try await feed.comments(on: .post(anasPost.id), reader: ana, page: PageRequest()).items
            #expect(thread.map(\.id) == [answered.id, reply.id])
            #expect(thread[0].isDeleted && thread[0].authorID == nil && thread[0].text.isEmpty)
            #expect(thread[1].engagement.likes == 0)
            #expect(!thread.contains { $0.id == alone.id })
            let chat = try await feed.chatHistory(event, reader: ana, page: PageRequest()).items
            #expect(chat.map(\.id) == [anasLine.id])
        }
    }

    @Test func onlyServicesMayPurgeAUser() async throws {
        let tokens = await TestTokens()
        let feed = FeedService(store: InMemoryFeedStore(), membership: FakeMembership())
        try await InProcessService.run(
            [PurgeGRPCService(feed, purgedUsers: .inMemory)], verifier: try await tokens.verifier(), anonymousMethods: []
        ) { grpc, _ in
            let purge = Roam_Purge_V1_PurgeService.Client(wrapping: grpc)
            let user = UUID()
            let story = try await feed.create(Fixtures.storyDraft(), author: user, idempotencyKey: nil)
            let refused = await #expect(throws: RPCError.self) {
                _ = try await purge.purgeUser(
                    .with { $0.userID = user.lowercasedString },
                    metadata: ["authorization": "Bearer \(try await tokens.userToken(user))"])
            }
            #expect(refused?.code == .permissionDenied)
            _ = try await purge.purgeUser(
                .with { $0.userID = user.lowercasedString },
                metadata: ["authorization": "Bearer \(try await tokens.serviceToken("accounts"))"])
            #expect(await errorReason { _ = try await feed.post(story.id, reader: UUID()) } == "NOT_FOUND")
        }
    }
}
