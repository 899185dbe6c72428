import Foundation
import GRPCCore
import GRPCInProcessTransport
import RoamCore
import RoamProto
import RoamRuntime
import RoamTesting
import Testing

@testable import BucketLists

/// The service through its generated stubs and Roam's interceptors: tokens, field names, status codes.
@Suite struct BucketListsGRPCTests {
    typealias Lists = Roam_Bucketlists_V1_BucketListsService.Client<InProcessTransport.Client>
    typealias Purge = Roam_Purge_V1_PurgeService.Client<InProcessTransport.Client>
    typealias Activities = Roam_Bucketlists_V1_ActivitiesService.Client<InProcessTransport.Client>

    static func withService(
        graph: FakeSocialGraph = FakeSocialGraph(), _ body: @Sendable (Lists, Purge, TestTokens) async throws -> Void
    ) async throws {
        try await withServices(graph: graph) { lists, purge, _, tokens in try await body(lists, purge, tokens) }
    }

    static func withServices(
        graph: FakeSocialGraph = FakeSocialGraph(), _ body: @Sendable (Lists, Purge, Activities, TestTokens) async throws -> Void
    )
        async throws
    {
        let tokens = await TestTokens()
        let store = InMemoryBucketListStore()
        let lists = BucketListService(lists: store, graph: graph, media: InMemoryMediaAttachments())
        let activities = ActivityService(activities: store, lists: lists, graph: graph, media: InMemoryMediaAttachments())
        try await InProcessService.run(
            [
                BucketListsGRPCService(lists: lists), ActivitiesGRPCService(activities: activities, lists: lists),
                PurgeGRPCService(BucketListsPurge(lists: store, activities: store), purgedUsers: .inMemory),
            ],
            verifier: try await tokens.verifier(), anonymousMethods: []
        ) { grpc, _ in
            try await body(Lists(wrapping: grpc), Purge(wrapping: grpc), Activities(wrapping: grpc), tokens)
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

            let created = try await lists.createList(
                .with {
                    $0.title = " Iceland "; $0.visibility = .followers; $0.idempotencyKey = "k1"
                },
                metadata: auth
            ).list
            #expect(created.title == "Iceland" && created.visibility == .followers && created.ownerID == ana.lowercasedString)
            #expect(
                try await lists.createList(
                    .with {
                        $0.title = "Again"; $0.idempotencyKey = "k1"
                    }, metadata: auth
                ).list.listID == created.listID)
            let badItem = await #expect(throws: RPCError.self) {
                _ = try await lists.addItem(
                    .with {
                        $0.listID = created.listID
                        $0.item = .with {
                            $0.title = "Hike"; $0.targetDate = "next June"; $0.mediaIds = ["not-a-uuid"]
                        }
                    }, metadata: auth)
            }
            #expect(badItem?.code == .invalidArgument)
            #expect(Self.fields(badItem) == ["target_date"], "the first field that cannot be read")
            let noPoint = await #expect(throws: RPCError.self) {
                _ = try await lists.addItem(
                    .with {
                        $0.listID = created.listID;
                        $0.item = .with {
                            $0.title = "Hike"; $0.place = .with { $0.name = "Þórsmörk" }
                        }
                    },
                    metadata: auth)
            }
            #expect(Self.fields(noPoint) == ["place.point"], "not silently at 0°, 0°")
            let item = try await lists.addItem(
                .with {
                    $0.listID = created.listID
                    $0.item = .with {
                        $0.title = "Hike Laugavegur"
                        $0.place = .with {
                            $0.point = .with {
                                $0.latitude = 63.98; $0.longitude = -19.06
                            }; $0.name = "Landmannalaugar"
                        }
                        $0.targetDate = "2027-07-01"
                    }
                }, metadata: auth
            ).item
            #expect(item.position == 0 && item.place.name == "Landmannalaugar" && item.targetDate == "2027-07-01" && !item.hasCompletion)
            let done = try await lists.completeItem(
                .with {
                    $0.itemID = item.itemID; $0.note = "Four days"
                }, metadata: auth
            ).item
            #expect(done.hasCompletion && done.completion.note == "Four days")
            #expect(try await lists.listCompleted(.init(), metadata: auth).items.map(\.itemID) == [item.itemID])
            let counts = try await lists.getCounts(.with { $0.userID = ana.lowercasedString }, metadata: auth)
            #expect(counts.lists == 1 && counts.items == 1 && counts.completed == 1)
            let cleared = try await lists.updateItem(
                .with {
                    $0.itemID = item.itemID; $0.targetDate = ""; $0.replacePlace = true
                }, metadata: auth
            ).item
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
                _ = try await lists.listItems(
                    .with {
                        $0.listID = created.listID; $0.page = .with { $0.pageToken = "garbage" }
                    }, metadata: auth)
            }
            #expect(Self.fields(badToken) == ["page.page_token"])
        }
    }

    @Test func onlyServicesMayPurgeAUserAndThenNothingOfThemIsLeft() async throws {
        try await Self.withService { lists, purge, tokens in
            let gone = UUID()
            let auth: Metadata = ["authorization": "Bearer \(try await tokens.userToken(gone))"]
            let list = try await lists.createList(.with { $0.title = "Soon gone" }, metadata: auth).list
            _ = try await lists.addItem(
                .with {
                    $0.listID = list.listID; $0.item = .with { $0.title = "Something" }
                }, metadata: auth)
            let refused = await #expect(throws: RPCError.self) {
                _ = try await purge.purgeUser(.with { $0.userID = gone.lowercasedString }, metadata: auth)
            }
            #expect(refused?.code == .permissionDenied)
            let service: Metadata = ["authorization": "Bearer \(try await tokens.serviceToken("accounts"))"]
            for _ in 0..<2 { _ = try await purge.purgeUser(.with { $0.userID = gone.lowercasedString }, metadata: service) }
            #expect(try await lists.listLists(.init(), metadata: auth).lists.isEmpty)
            let counts = try await lists.getCounts(.with { $0.userID = gone.lowercasedString }, metadata: auth)
            #expect(counts.lists == 0 && counts.items == 0)
        }
    }

    @Test func activitiesAreVotedFoundAndCheckedForTheFeed() async throws {
        let graph = FakeSocialGraph()
        try await Self.withServices(graph: graph) { lists, _, activities, tokens in
            let (ana, bo) = (UUID(), UUID())
            let asAna: Metadata = ["authorization": "Bearer \(try await tokens.userToken(ana))"]
            let asBo: Metadata = ["authorization": "Bearer \(try await tokens.userToken(bo))"]
            let waikiki = Roam_Common_V1_LatLng.with {
                $0.latitude = 21.2793; $0.longitude = -157.8292
            }
            let missingPlace = await #expect(throws: RPCError.self) {
                _ = try await activities.createActivity(.with { $0.activity = .with { $0.name = "Nowhere" } }, metadata: asAna)
            }
            #expect(Self.fields(missingPlace) == ["place"])
            let surf = try await activities.createActivity(
                .with {
                    $0.activity = .with {
                        $0.name = "Surf lesson";
                        $0.place = .with {
                            $0.point = waikiki; $0.name = "Waikiki"
                        }; $0.tags = ["Surf"]
                    }
                }, metadata: asAna
            ).activity
            #expect(surf.tags == ["surf"] && surf.myVote == .none && surf.score == 0)
            let voted = try await activities.voteActivity(
                .with {
                    $0.activityID = surf.activityID; $0.vote = .down
                }, metadata: asBo
            ).activity
            #expect(voted.myVote == .down && voted.downCount == 1 && voted.score == -1)
            let noVote = await #expect(throws: RPCError.self) {
                _ = try await activities.voteActivity(.with { $0.activityID = surf.activityID }, metadata: asBo)
            }
            #expect(Self.fields(noVote) == ["vote"])
            let found = try await activities.searchActivities(
                .with {
                    $0.near = waikiki; $0.withinMeters = 1_000; $0.tag = "#surf"; $0.order = .distance
                }, metadata: asBo
            ).activities
            #expect(found.map(\.activityID) == [surf.activityID] && found.first?.myVote == .down && found.first?.distanceMeters ?? 1 < 1)
            let both = await #expect(throws: RPCError.self) {
                _ = try await activities.searchActivities(
                    .with {
                        $0.near = waikiki; $0.withinMeters = 10; $0.box = .init()
                    }, metadata: asBo)
            }
            #expect(Self.fields(both) == ["box"])
            let trending = try await activities.trendingActivities(.with { $0.near = waikiki }, metadata: asBo)
            #expect(trending.activities.map(\.activityID) == [surf.activityID] && trending.radiusMeters == 50_000)

            let bucket = try await lists.createList(.with { $0.title = "Hawaii" }, metadata: asBo).list
            let item = try await activities.addActivityToList(
                .with {
                    $0.activityID = surf.activityID; $0.listID = bucket.listID
                }, metadata: asBo
            ).item
            #expect(item.source.activityID == surf.activityID)

            // The feed asks, with its service credential, whether a reader may see a subject.
            let feed: Metadata = ["authorization": "Bearer \(try await tokens.serviceToken("feed"))"]
            let refused = await #expect(throws: RPCError.self) {
                _ = try await activities.checkSubject(
                    .with {
                        $0.kind = .activity; $0.subjectID = surf.activityID; $0.readerID = bo.lowercasedString
                    },
                    metadata: asBo)
            }
            #expect(refused?.code == .permissionDenied)
            let seen = try await activities.checkSubject(
                .with {
                    $0.kind = .activity; $0.subjectID = surf.activityID; $0.readerID = bo.lowercasedString
                },
                metadata: feed)
            #expect(seen.visible && seen.ownerID == ana.lowercasedString)
            let privateList = try await lists.createList(
                .with {
                    $0.title = "Mine"; $0.visibility = .private
                }, metadata: asAna
            ).list
            let secret = try await lists.addItem(
                .with {
                    $0.listID = privateList.listID; $0.item = .with { $0.title = "Secret" }
                }, metadata: asAna
            ).item
            let hiddenItem = try await activities.checkSubject(
                .with {
                    $0.kind = .bucketItem; $0.subjectID = secret.itemID; $0.readerID = bo.lowercasedString
                }, metadata: feed)
            #expect(!hiddenItem.visible && hiddenItem.ownerID.isEmpty, "a stranger may not comment on a private list's item")
            let ownItem = try await activities.checkSubject(
                .with {
                    $0.kind = .bucketItem; $0.subjectID = secret.itemID; $0.readerID = ana.lowercasedString
                }, metadata: feed)
            #expect(ownItem.visible)
            graph.block(bo, ana)
            let blocked = try await activities.checkSubject(
                .with {
                    $0.kind = .activity; $0.subjectID = surf.activityID; $0.readerID = bo.lowercasedString
                },
                metadata: feed)
            #expect(!blocked.visible)
        }
    }
}
