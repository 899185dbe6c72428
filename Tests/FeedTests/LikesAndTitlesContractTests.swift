import Foundation
import RoamRuntime
import RoamTesting
import Testing

@testable import Feed

/// Who liked what, the posts a user liked, story titles and moving a story: both stores alike.
@Suite struct LikesAndTitlesContractTests {
    static func all<T>(_ fetch: (PageRequest) async throws -> Page<T>) async throws -> [T] {
        var items: [T] = []
        var cursor: String?
        repeat {
            let page = try await fetch(PageRequest(size: 2, cursor: cursor))
            items += page.items
            cursor = page.nextCursor
        } while cursor != nil
        return items
    }

    @Test(arguments: StoreKind.allCases)
    func likersAreListedNewestFirstWithoutHiddenUsers(_ kind: StoreKind) async throws {
        try await kind.withOwnStore { store in
            let story = try await store.create(Fixtures.story(), idempotencyKey: nil)
            let users = (0..<5).map { _ in UUID() }
            let now = Fixtures.now()
            for (index, user) in users.enumerated() {
                #expect(try await store.like(.post(story.id), by: user, at: now.addingTimeInterval(Double(index))))
            }
            let likers = try await Self.all { try await store.likers(of: .post(story.id), hiding: [users[2]], page: $0) }
            #expect(likers.map(\.userID) == [users[4], users[3], users[1], users[0]])
            #expect(likers.first?.likedAt == now.addingTimeInterval(4))
            _ = try await store.unlike(.post(story.id), by: users[4])
            #expect(try await Self.all { try await store.likers(of: .post(story.id), hiding: [], page: $0) }.count == 4)
            let comment = try await store.addComment(Fixtures.comment(on: story), idempotencyKey: nil)
            _ = try await store.like(.comment(comment.id), by: users[0], at: now)
            #expect(try await store.likers(of: .comment(comment.id), hiding: [], page: PageRequest(size: 10)).items.map(\.userID) == [users[0]])
        }
    }

    @Test(arguments: StoreKind.allCases)
    func likedPostsAreListedMostRecentlyLikedFirst(_ kind: StoreKind) async throws {
        try await kind.withOwnStore { store in
            let reader = UUID(), blocked = UUID()
            let now = Fixtures.now()
            let first = try await store.create(Fixtures.story(text: "first"), idempotencyKey: nil)
            let second = try await store.create(Fixtures.story(text: "second"), idempotencyKey: nil)
            let hidden = try await store.create(Fixtures.story(by: blocked, text: "hidden"), idempotencyKey: nil)
            let inEvent = try await store.create(Fixtures.post(in: UUID()), idempotencyKey: nil)
            _ = try await store.like(.post(second.id), by: reader, at: now)
            _ = try await store.like(.post(first.id), by: reader, at: now.addingTimeInterval(1))
            _ = try await store.like(.post(hidden.id), by: reader, at: now.addingTimeInterval(2))
            _ = try await store.like(.post(inEvent.id), by: reader, at: now.addingTimeInterval(3))
            _ = try await store.like(.post(first.id), by: UUID(), at: now.addingTimeInterval(4))
            let liked = try await Self.all { try await store.likedPosts(by: reader, hiding: [blocked], page: $0) }
            #expect(liked.map(\.id) == [inEvent.id, first.id, second.id])
            _ = try await store.delete(id: first.id)
            #expect(try await Self.all { try await store.likedPosts(by: reader, hiding: [blocked], page: $0) }.map(\.id) == [inEvent.id, second.id])
        }
    }

    @Test(arguments: StoreKind.allCases)
    func aStorysTitleIsSearchedAndItMovesWithItsPlace(_ kind: StoreKind) async throws {
        try await kind.withOwnStore { store in
            let author = UUID()
            let word = "kohala\(UUID().uuidString.prefix(6).lowercased())"
            var titled = Fixtures.story(by: author, text: "A quiet morning")
            titled.title = "Sunrise at \(word)"
            let stored = try await store.create(titled, idempotencyKey: nil)
            #expect(try await store.post(id: stored.id)?.title == "Sunrise at \(word)")
            #expect(try await StoryRepositoryContractTests.ids(store, StoryQuery(text: word)) == [stored.id])
            #expect(try await StoryRepositoryContractTests.ids(store, StoryQuery(text: "\(word) quiet")) == [stored.id])

            let hilo = Place(latitude: 19.7241, longitude: -155.0868, name: "Hilo Bay")
            let moved = try await store.update(
                id: stored.id, PostChanges.fixture(text: "A quiet morning", mediaIDs: [], tags: [], title: "", place: hilo),
                at: Fixtures.now())
            #expect(moved?.audience == .place(hilo) && moved?.title == "")
            #expect(try await StoryRepositoryContractTests.ids(store, StoryQuery(text: word)).isEmpty)
            let nearHilo = StoryQuery(area: .circle(center: GeoPoint(latitude: 19.7241, longitude: -155.0868), radiusMeters: 500))
            #expect(try await StoryRepositoryContractTests.ids(store, nearHilo) == [stored.id])
            // Text-only edits keep the title and place.
            let kept = try await store.update(id: stored.id, PostChanges.fixture(text: "Edited", mediaIDs: [], tags: []), at: Fixtures.now())
            #expect(kept?.audience == .place(hilo) && kept?.text == "Edited")

            _ = try await store.create(Fixtures.story(by: author), idempotencyKey: nil)
            _ = try await store.create(Fixtures.post(in: UUID(), by: author), idempotencyKey: nil)
            var toFollowers = Fixtures.story(by: author)
            toFollowers.audience = .followers
            _ = try await store.create(toFollowers, idempotencyKey: nil)
            #expect(try await store.storyCount(by: author) == 2)
            #expect(try await store.storyCount(by: UUID()) == 0)
        }
    }
}
