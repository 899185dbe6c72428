@testable import BucketLists
import Foundation
import GRPCCore
import GRPCInProcessTransport
import RoamCore
import RoamProto
import RoamRuntime
import RoamTesting
import Testing

/// The service through its generated stubs and Roam's interceptors: tokens, field names, status codes.
@Suite struct BucketListsGRPCTests {
    typealias Lists = Roam_Bucketlists_V1_BucketListsService.Client<InProcessTransport.Client>
    typealias Purge = Roam_Purge_V1_PurgeService.Client<InProcessTransport.Client>

    static func withService(_ body: @Sendable (Lists, Purge, TestTokens) async throws -> Void) async throws {
        let tokens = await TestTokens()
        let store = InMemoryBucketListStore()
        let lists = BucketListService(lists: store, graph: FakeSocialGraph(), media: InMemoryMediaAttachments())
        try await InProcessService.run([BucketListsGRPCService(lists: lists), BucketListsPurgeGRPCService(lists: store)],
                                       verifier: try await tokens.verifier(), anonymousMethods: []) { grpc, _ in
            try await body(Roam_Bucketlists_V1_BucketListsService.Client(wrapping: grpc), Roam_Purge_V1_PurgeService.Client(wrapping: grpc), tokens)
        }
    }

    static func fields(_ error: RPCError?) -> [String] {
        error.map { RoamError($0).violations.map(\.field) } ?? []
    }

    @Test func aListAndItsItemsRoundTripAndMistakesAreNamedFields() async throws {
        try await Self.withService { lists, _, tokens in
            let ana = UUID()
            let auth: Metadata = ["authorization": "Bearer \(try await tokens.userToken(ana))"]
            let refused = await #expect(throws: RPCError.self) { _ = try await lists.createList(.with { $0.title = "No token" }) }
            #expect(refused?.code == .unauthenticated)

            let created = try await lists.createList(.with { $0.title = " Iceland "; $0.visibility = .followers; $0.idempotencyKey = "k1" },
                                                     metadata: auth).list
            #expect(created.title == "Iceland" && created.visibility == .followers && created.ownerID == ana.lowercasedString)
            #expect(try await lists.createList(.with { $0.title = "Again"; $0.idempotencyKey = "k1" }, metadata: auth).list.listID == created.listID)
            let badItem = await #expect(throws: RPCError.self) {
                _ = try await lists.addItem(.with {
                    $0.listID = created.listID
                    $0.item = .with { $0.title = "Hike"; $0.targetDate = "next June"; $0.mediaIds = ["not-a-uuid"] }
                }, metadata: auth)
            }
            #expect(badItem?.code == .invalidArgument)
            #expect(Self.fields(badItem) == ["target_date"], "the first field that cannot be read")
            let item = try await lists.addItem(.with {
                $0.listID = created.listID
                $0.item = .with {
                    $0.title = "Hike Laugavegur"
                    $0.place = .with { $0.point = .with { $0.latitude = 63.98; $0.longitude = -19.06 }; $0.name = "Landmannalaugar" }
                    $0.targetDate = "2027-07-01"
                }
            }, metadata: auth).item
            #expect(item.position == 0 && item.place.name == "Landmannalaugar" && item.targetDate == "2027-07-01" && !item.hasCompletion)
            let done = try await lists.completeItem(.with { $0.itemID = item.itemID; $0.note = "Four days" }, metadata: auth).item
            #expect(done.hasCompletion && done.completion.note == "Four days")
            #expect(try await lists.listCompleted(.init(), metadata: auth).items.map(\.itemID) == [item.itemID])
            let counts = try await lists.getCounts(.with { $0.userID = ana.lowercasedString }, metadata: auth)
            #expect(counts.lists == 1 && counts.items == 1 && counts.completed == 1)
            let cleared = try await lists.updateItem(.with { $0.itemID = item.itemID; $0.targetDate = ""; $0.replacePlace = true }, metadata: auth).item
            #expect(cleared.targetDate.isEmpty && !cleared.hasPlace && cleared.title == "Hike Laugavegur")

            // Someone else: NOT_FOUND for a followers-only list they do not follow, and for its item.
            let bo: Metadata = ["authorization": "Bearer \(try await tokens.userToken(UUID()))"]
            let hidden = await #expect(throws: RPCError.self) { _ = try await lists.getList(.with { $0.listID = created.listID }, metadata: bo) }
            #expect(hidden?.code == .notFound)
            let notTheirs = await #expect(throws: RPCError.self) { _ = try await lists.getItem(.with { $0.itemID = item.itemID }, metadata: bo) }
            #expect(notTheirs?.code == .notFound)
            let badID = await #expect(throws: RPCError.self) { _ = try await lists.getList(.with { $0.listID = "nope" }, metadata: auth) }
            #expect(Self.fields(badID) == ["list_id"])
            let badToken = await #expect(throws: RPCError.self) {
                _ = try await lists.listItems(.with { $0.listID = created.listID; $0.page = .with { $0.pageToken = "garbage" } }, metadata: auth)
            }
            #expect(Self.fields(badToken) == ["page.page_token"])
        }
    }

    @Test func onlyServicesMayPurgeAUserAndThenNothingOfThemIsLeft() async throws {
        try await Self.withService { lists, purge, tokens in
            let gone = UUID()
            let auth: Metadata = ["authorization": "Bearer \(try await tokens.userToken(gone))"]
            let list = try await lists.createList(.with { $0.title = "Soon gone" }, metadata: auth).list
            _ = try await lists.addItem(.with { $0.listID = list.listID; $0.item = .with { $0.title = "Something" } }, metadata: auth)
            let refused = await #expect(throws: RPCError.self) { _ = try await purge.purgeUser(.with { $0.userID = gone.lowercasedString }, metadata: auth) }
            #expect(refused?.code == .permissionDenied)
            let service: Metadata = ["authorization": "Bearer \(try await tokens.serviceToken("accounts"))"]
            for _ in 0..<2 { _ = try await purge.purgeUser(.with { $0.userID = gone.lowercasedString }, metadata: service) }
            #expect(try await lists.listLists(.init(), metadata: auth).lists.isEmpty)
            let counts = try await lists.getCounts(.with { $0.userID = gone.lowercasedString }, metadata: auth)
            #expect(counts.lists == 0 && counts.items == 0)
        }
    }
}
