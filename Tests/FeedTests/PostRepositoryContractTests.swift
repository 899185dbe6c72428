import Foundation
import RoamRuntime
import RoamTesting
import Testing

@testable import Feed

/// One suite, two stores: the in-memory store must behave as PostgreSQL does.
@Suite struct PostRepositoryContractTests {
    @Test(arguments: StoreKind.allCases)
    func createHonoursIdempotencyKeysPerAuthor(_ kind: StoreKind) async throws {
        try await kind.withStore { store in
            let event = UUID()
            let first = Fixtures.post(in: event)
            let stored = try await store.create(first, idempotencyKey: "k")
            #expect(stored == first)
            var retry = Fixtures.post(in: event, by: first.authorID, text: "other")
            retry.id = .v7()
            #expect(try await store.create(retry, idempotencyKey: "k") == first)
            #expect(try await store.post(id: retry.id) == nil)
            let someoneElse = Fixtures.post(in: event)
            #expect(try await store.create(someoneElse, idempotencyKey: "k") == someoneElse)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func storiesKeepTheirPlace(_ kind: StoreKind) async throws {
        try await kind.withStore { store in
            let story = Post(
                id: .v7(), authorID: UUID(), audience: .place(Place(latitude: 21.27, longitude: -157.82, name: "Waikiki")),
                text: "Waves", mediaIDs: [], tags: [], createdAt: Fixtures.now())
            _ = try await store.create(story, idempotencyKey: nil)
            #expect(try await store.post(id: story.id) == story)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func eventPostsComeNewestFirstOnePageAtATime(_ kind: StoreKind) async throws {
        try await kind.withStore { store in
            let event = UUID()
            var ids: [UUID] = []
            for second in 0..<5 {
                let post = Fixtures.post(in: event, at: Fixtures.now().addingTimeInterval(Double(second)))
                ids.append(try await store.create(post, idempotencyKey: nil).id)
            }
            _ = try await store.create(Fixtures.post(in: UUID()), idempotencyKey: nil)
            let first = try await store.posts(inEvent: event, page: PageRequest(size: 3))
            let second = try await store.posts(inEvent: event, page: PageRequest(size: 3, cursor: first.nextCursor))
            #expect((first.items + second.items).map(\.id) == ids.reversed())
            #expect(second.nextCursor == nil)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func updateDeleteAndPurge(_ kind: StoreKind) async throws {
        try await kind.withStore { store in
            let event = UUID()
            let post = try await store.create(Fixtures.post(in: event), idempotencyKey: nil)
            let edited = try await store.update(id: post.id, PostChanges.fixture(text: "New #tag", mediaIDs: [], tags: ["tag"]), at: Fixtures.now())
            #expect(edited?.text == "New #tag" && edited?.tags == ["tag"] && edited?.mediaIDs == [] && edited?.editedAt != nil)
            #expect(try await store.post(id: post.id) == edited)
            #expect(try await store.delete(id: post.id))
            #expect(try await !store.delete(id: post.id))
            #expect(try await store.post(id: post.id) == nil)
            for _ in 0..<3 { _ = try await store.create(Fixtures.post(in: event), idempotencyKey: nil) }
            #expect(try await store.deletePosts(inEvent: event) == 3)
            #expect(try await store.deletePosts(inEvent: event) == 0)
            #expect(try await store.posts(inEvent: event, page: PageRequest()).items.isEmpty)
        }
    }
}
