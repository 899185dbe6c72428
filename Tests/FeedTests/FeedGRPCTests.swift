import Foundation
import GRPCCore
import GRPCInProcessTransport
import RoamProto
import RoamRuntime
import RoamTesting
import Testing

@testable import Feed

/// The feed's gRPC services behind the real interceptors, through the generated clients.
@Suite struct FeedGRPCTests {
    /// A relay carries every author's lines and every removal: only a service (the gateway) may read one.
    @Test func onlyServicesReadAnEventsChatRelayAndMembersOpenReaders() async throws {
        let tokens = await TestTokens()
        let membership = FakeMembership()
        let feed = FeedService(store: InMemoryFeedStore(), membership: membership)
        try await InProcessService.run([FeedGRPCService(feed: feed)], verifier: try await tokens.verifier(), anonymousMethods: []) { grpc, _ in
            let client = Roam_Feed_V1_FeedService.Client(wrapping: grpc)
            let host = UUID()
            let event = membership.event(host: host)
            let user: Metadata = ["authorization": "Bearer \(try await tokens.userToken(host))"]
            #expect(try await client.openChatReader(.with { $0.eventID = event.lowercasedString }, metadata: user).hiddenAuthorIds.isEmpty)
            let refused = await #expect(throws: RPCError.self) {
                try await client.relayChat(.with { $0.eventID = event.lowercasedString }, metadata: user) { response in
                    for try await _ in response.messages {}
                }
            }
            #expect(refused?.code == .permissionDenied)

            let service: Metadata = ["authorization": "Bearer \(try await tokens.serviceToken("gateway"))"]
            let live = try await client.relayChat(.with { $0.eventID = event.lowercasedString }, metadata: service) { response in
                for try await item in response.messages {
                    if case .live(let live) = item.event { return live.sequence }
                }
                return -1
            }
            #expect(live == 0)
        }
    }

    @Test func postsAndPurgesOverGRPC() async throws {
        let tokens = await TestTokens()
        let membership = FakeMembership()
        let feed = FeedService(store: InMemoryFeedStore(), membership: membership)
        try await InProcessService.run(
            [FeedGRPCService(feed: feed), PurgeGRPCService(feed, purgedUsers: .inMemory)],
            verifier: try await tokens.verifier(), anonymousMethods: []
        ) { grpc, _ in
            let client = Roam_Feed_V1_FeedService.Client(wrapping: grpc)
            let purge = Roam_Purge_V1_PurgeService.Client(wrapping: grpc)
            let host = UUID()
            let event = membership.event(host: host)
            let user: Metadata = ["authorization": "Bearer \(try await tokens.userToken(host))"]
            let created = try await client.createPost(
                .with {
                    $0.audience = .with { $0.eventID = event.lowercasedString }
                    $0.text = "Welcome #hitta"
                }, metadata: user
            ).post
            #expect(created.tags == ["hitta"])

            let noAudience = await #expect(throws: RPCError.self) {
                _ = try await client.createPost(.with { $0.text = "Lost" }, metadata: user)
            }
            #expect(noAudience?.code == .invalidArgument)

            // Users may not purge; services may, as often as they like.
            let refused = await #expect(throws: RPCError.self) {
                _ = try await purge.purgeEvent(.with { $0.eventID = event.lowercasedString }, metadata: user)
            }
            #expect(refused?.code == .permissionDenied)
            let service: Metadata = ["authorization": "Bearer \(try await tokens.serviceToken("events"))"]
            for _ in 0..<2 {
                _ = try await purge.purgeEvent(.with { $0.eventID = event.lowercasedString }, metadata: service)
            }
            let gone = await #expect(throws: RPCError.self) {
                _ = try await client.getPost(.with { $0.postID = created.postID }, metadata: user)
            }
            #expect(gone?.code == .notFound)
        }
    }
}
