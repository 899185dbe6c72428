import Foundation
import RoamRuntime
import RoamTesting
import Testing

@testable import Feed

/// Who may post, read, edit and delete, on the in-memory store with membership faked.
@Suite struct FeedServiceTests {
    let membership = FakeMembership()

    func make() -> FeedService {
        FeedService(store: InMemoryFeedStore(), membership: membership)
    }

    @Test func onlyMembersPostAndReadInAnEvent() async throws {
        let feed = make()
        let (host, member, outsider) = (UUID(), UUID(), UUID())
        let event = membership.event(host: host, members: [member])
        let post = try await feed.create(PostDraft.fixture(audience: .event(event), text: "Hi #all"), author: member, idempotencyKey: nil)
        #expect(post.tags == ["all"])
        #expect(
            await errorReason {
                _ = try await feed.create(
                    PostDraft.fixture(audience: .event(event), text: "Me too"), author: outsider,
                    idempotencyKey: nil)
            } == "PERMISSION_DENIED")
        #expect(await errorReason { _ = try await feed.post(post.id, reader: outsider) } == "NOT_FOUND")
        #expect(await errorReason { _ = try await feed.eventPosts(event, reader: outsider, page: PageRequest()) } == "PERMISSION_DENIED")
        #expect(try await feed.eventPosts(event, reader: host, page: PageRequest()).items.map(\.id) == [post.id])
        // A member who leaves (or is banned) reads nothing more.
        membership.remove(member, from: event)
        #expect(await errorReason { _ = try await feed.eventPosts(event, reader: member, page: PageRequest()) } == "PERMISSION_DENIED")
    }

    @Test func postImagesAreAttachedThroughMediaWhichRefusesSomeoneElses() async throws {
        let media = InMemoryMediaAttachments()
        let feed = FeedService(store: InMemoryFeedStore(), membership: membership, media: media)
        let (ana, bo) = (UUID(), UUID())
        let (first, second, bos) = (media.upload(for: ana), media.upload(for: ana), media.upload(for: bo))
        let refused = await #expect(throws: RoamError.self) {
            _ = try await feed.create(
                PostDraft.fixture(audience: .followers, text: "Mine?", mediaIDs: [first, bos]), author: ana, idempotencyKey: nil)
        }
        #expect(refused?.reason == "MEDIA_NOT_YOURS" && refused?.violations.map(\.field) == ["media_ids"])
        #expect(media.subjects(of: first).isEmpty, "a refused post attaches nothing")

        let post = try await feed.create(
            PostDraft.fixture(audience: .followers, text: "Harbour", mediaIDs: [first]), author: ana, idempotencyKey: "k1")
        let subject = "post/\(post.id.lowercasedString)"
        #expect(media.subjects(of: first) == [subject])
        // A retry answers the first post and leaves no attachment to a post that does not exist.
        let retried = try await feed.create(
            PostDraft.fixture(audience: .followers, text: "Harbour", mediaIDs: [first]), author: ana, idempotencyKey: "k1")
        #expect(retried.id == post.id && media.subjects(of: first) == [subject])

        _ = try await feed.update(post.id, text: "Harbour, later", mediaIDs: [second], by: ana)
        #expect(media.subjects(of: first).isEmpty && media.subjects(of: second) == [subject])
        let stolen = await #expect(throws: RoamError.self) { _ = try await feed.update(post.id, text: "x", mediaIDs: [bos], by: ana) }
        #expect(stolen?.reason == "MEDIA_NOT_YOURS" && media.subjects(of: second) == [subject])
        // A patch changes what it names: new text keeps the photos, new photos keep the text, nothing keeps all.
        let retexted = try await feed.update(post.id, text: "Harbour at dusk", by: ana)
        #expect(retexted.item.mediaIDs == [second] && media.subjects(of: second) == [subject])
        let rephotographed = try await feed.update(post.id, mediaIDs: [], by: ana)
        #expect(rephotographed.item.text == "Harbour at dusk" && rephotographed.item.mediaIDs.isEmpty && media.subjects(of: second).isEmpty)
        let untouched = try await feed.update(post.id, by: ana)
        #expect(untouched.item == rephotographed.item)
        await #expect(throws: RoamError.self, "text removed from a post with no photos") { _ = try await feed.update(post.id, text: "", by: ana) }
        _ = try await feed.update(post.id, mediaIDs: [second], by: ana)
        try await feed.delete(post.id, by: ana)
        #expect(media.subjects(of: second).isEmpty)

        // In an event, the images belong to the event too, so its end takes them.
        let event = membership.event(host: bo, members: [ana])
        let eventPost = try await feed.create(
            PostDraft.fixture(audience: .event(event), text: "Here", mediaIDs: [first]), author: ana, idempotencyKey: nil)
        #expect(media.subjects(of: first) == ["post/\(eventPost.id.lowercasedString)", "event/\(event.lowercasedString)"])
    }

    @Test func storiesArePublic() async throws {
        let feed = make()
        let story = try await feed.create(
            PostDraft.fixture(
                audience: .place(Place(latitude: 48.86, longitude: 2.35, name: " Louvre ")),
                text: "Mona Lisa"), author: UUID(), idempotencyKey: nil)
        #expect(story.audience == .place(Place(latitude: 48.86, longitude: 2.35, name: "Louvre")))
        // Reading someone else's story counts a view.
        let read = try await feed.post(story.id, reader: UUID())
        #expect(read.item == story.item && read.engagement.views == 1)
    }

    @Test func badPostsNameTheirFields() async throws {
        let feed = make()
        let event = membership.event(host: UUID())
        func fields(_ draft: PostDraft) async -> [String] {
            do {
                _ = try await feed.create(draft, author: UUID(), idempotencyKey: nil)
                return []
            } catch let error as RoamError {
                return error.violations.map(\.field)
            } catch {
                return ["\(error)"]
            }
        }
        #expect(await fields(PostDraft.fixture(audience: .event(event), text: "  ")) == ["text"])
        #expect(await fields(PostDraft.fixture(audience: .event(event), text: "nul\u{0}byte")) == ["text"])
        #expect(await fields(PostDraft.fixture(audience: .event(event), text: String(repeating: "a", count: 5001))) == ["text"])
        #expect(await fields(PostDraft.fixture(audience: .event(event), text: "x", mediaIDs: (0..<11).map { _ in UUID() })) == ["media_ids"])
        let same = UUID()
        #expect(await fields(PostDraft.fixture(audience: .event(event), text: "x", mediaIDs: [same, same])) == ["media_ids"])
        #expect(
            await fields(PostDraft.fixture(audience: .place(Place(latitude: 95, longitude: 0, name: "")), text: "x"))
                == ["audience.place.position.latitude", "audience.place.name"])
    }

    @Test func authorsEditAndTheHostOrAuthorDeletes() async throws {
        let feed = make()
        let (host, author, other) = (UUID(), UUID(), UUID())
        let event = membership.event(host: host, members: [author, other])
        let post = try await feed.create(PostDraft.fixture(audience: .event(event), text: "First"), author: author, idempotencyKey: nil)
        let edited = try await feed.update(post.id, text: "Second #try", mediaIDs: [], by: author)
        #expect(edited.text == "Second #try" && edited.tags == ["try"] && edited.editedAt != nil)
        #expect(await errorReason { _ = try await feed.update(post.id, text: "Mine", mediaIDs: [], by: other) } == "PERMISSION_DENIED")
        #expect(await errorReason { try await feed.delete(post.id, by: other) } == "NOT_FOUND", "nothing of theirs to delete")
        try await feed.delete(post.id, by: host)
        #expect(await errorReason { _ = try await feed.post(post.id, reader: author) } == "NOT_FOUND")
        // Gone already: a retry reads this as done.
        #expect(await errorReason { try await feed.delete(post.id, by: author) } == "NOT_FOUND")
    }

    @Test func purgingAnEventLeavesNothingOfItAndKeepsStories() async throws {
        let feed = make()
        let host = UUID()
        let event = membership.event(host: host)
        for index in 0..<3 {
            _ = try await feed.create(PostDraft.fixture(audience: .event(event), text: "Post \(index)"), author: host, idempotencyKey: nil)
        }
        let story = try await feed.create(
            PostDraft.fixture(audience: .place(Place(latitude: 1, longitude: 2, name: "Here")), text: "Story"),
            author: host, idempotencyKey: nil)
        #expect(try await feed.purgeEvent(event) == 3)
        #expect(try await feed.purgeEvent(event) == 0)
        #expect(try await feed.eventPosts(event, reader: host, page: PageRequest()).items.isEmpty)
        #expect(try await feed.post(story.id, reader: host) == story)
    }
}
