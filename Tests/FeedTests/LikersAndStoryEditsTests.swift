import Foundation
import RoamCore
import RoamRuntime
import RoamTesting
import Testing

@testable import Feed

/// Who liked a post or comment, "posts I liked", story titles and moves, by the service's rules.
@Suite struct LikersAndStoryEditsTests {
    let membership = FakeMembership()
    let graph = FakeSocialGraph()

    func make() -> FeedService {
        FeedService(store: InMemoryFeedStore(), membership: membership, graph: graph)
    }

    static let waikiki = Place(latitude: 21.2766, longitude: -157.8278, name: "Waikiki")

    @Test func likersRespectBlocksAndWhatTheReaderMaySee() async throws {
        let feed = make()
        let (author, fan, blocker, stranger) = (UUID(), UUID(), UUID(), UUID())
        let story = try await feed.create(PostDraft.fixture(audience: .place(Self.waikiki), text: "Sunset"), author: author, idempotencyKey: nil)
        for user in [fan, blocker] { _ = try await feed.like(.post(story.id), by: user) }
        graph.block(blocker, stranger)
        #expect(try await feed.likers(of: .post(story.id), reader: stranger, page: PageRequest()).items.map(\.userID) == [fan])
        #expect(Set(try await feed.likers(of: .post(story.id), reader: author, page: PageRequest()).items.map(\.userID)) == [fan, blocker])
        // A followers post's likers are for those who may read it.
        let note = try await feed.create(PostDraft.fixture(audience: .followers, text: "Home"), author: author, idempotencyKey: nil)
        #expect(await errorReason { _ = try await feed.likers(of: .post(note.id), reader: stranger, page: PageRequest()) } == "NOT_FOUND")
        // An event post's likers are for members only.
        let event = membership.event(host: author, members: [fan])
        let inEvent = try await feed.create(PostDraft.fixture(audience: .event(event), text: "Here!"), author: author, idempotencyKey: nil)
        _ = try await feed.like(.post(inEvent.id), by: fan)
        #expect(try await feed.likers(of: .post(inEvent.id), reader: author, page: PageRequest()).items.map(\.userID) == [fan])
        #expect(await errorReason { _ = try await feed.likers(of: .post(inEvent.id), reader: stranger, page: PageRequest()) } == "NOT_FOUND")
    }

    @Test func postsILikedLeaveOutWhatIMayNoLongerSee() async throws {
        let feed = make()
        let (me, friend, other) = (UUID(), UUID(), UUID())
        graph.follow(me, friend)
        let story = try await feed.create(PostDraft.fixture(audience: .place(Self.waikiki), text: "Sunset"), author: other, idempotencyKey: nil)
        let note = try await feed.create(PostDraft.fixture(audience: .followers, text: "Home"), author: friend, idempotencyKey: nil)
        let event = membership.event(host: other, members: [me])
        let inEvent = try await feed.create(PostDraft.fixture(audience: .event(event), text: "Here!"), author: other, idempotencyKey: nil)
        for post in [story, note, inEvent] { _ = try await feed.like(.post(post.id), by: me) }
        #expect(try await feed.likedPosts(by: me, page: PageRequest()).items.map(\.id) == [inEvent.id, note.id, story.id])
        #expect(try await feed.likedPosts(by: me, page: PageRequest()).items.allSatisfy(\.engagement.likedByMe))
        membership.remove(me, from: event)
        graph.unfollow(me, friend)
        graph.block(other, me)
        #expect(try await feed.likedPosts(by: me, page: PageRequest()).items.isEmpty)
    }

    @Test func aStoryHasATitleAndItsAuthorAloneMovesIt() async throws {
        let feed = make()
        let (author, other) = (UUID(), UUID())
        let story = try await feed.create(
            PostDraft.fixture(audience: .place(Self.waikiki), text: "Sunset", title: "  Golden hour  "),
            author: author, idempotencyKey: nil)
        #expect(story.title == "Golden hour")
        let hilo = Place(latitude: 19.7241, longitude: -155.0868, name: " Hilo Bay ")
        let moved = try await feed.update(story.id, text: "Sunset", mediaIDs: [], title: "Blue hour", place: hilo, by: author)
        #expect(moved.audience == .place(Place(latitude: 19.7241, longitude: -155.0868, name: "Hilo Bay")) && moved.title == "Blue hour")
        #expect(
            await errorReason { _ = try await feed.update(story.id, text: "Mine now", mediaIDs: [], place: hilo, by: other) } == "PERMISSION_DENIED")
        let nowhere = Place(latitude: 91, longitude: 0, name: "")
        #expect(
            await errorFields { _ = try await feed.update(story.id, text: "x", mediaIDs: [], place: nowhere, by: author) }
                == ["place.position.latitude", "place.name"])
        let long = String(repeating: "t", count: 121)
        #expect(await errorFields { _ = try await feed.update(story.id, text: "x", mediaIDs: [], title: long, by: author) } == ["title"])
        #expect(
            await errorFields {
                _ = try await feed.create(PostDraft.fixture(audience: .followers, text: "Home", title: "Titled"), author: author, idempotencyKey: nil)
            } == ["title"])
        let note = try await feed.create(PostDraft.fixture(audience: .followers, text: "Home"), author: author, idempotencyKey: nil)
        #expect(await errorFields { _ = try await feed.update(note.id, text: "Home", mediaIDs: [], place: Self.waikiki, by: author) } == ["place"])
        #expect(try await feed.storyCount(of: author) == 1)
    }
}
