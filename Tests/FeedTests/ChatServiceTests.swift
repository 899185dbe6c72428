import Foundation
import RoamRuntime
import RoamTesting
import Testing

@testable import Feed

/// Live chat on one process: order, resuming, slow readers, removals, the end of the event.
@Suite struct ChatServiceTests {
    let membership = FakeMembership()

    func make(bufferSize: Int = 256, recentSize: Int = 512) -> FeedService {
        let store = InMemoryFeedStore()
        return FeedService(store: store, membership: membership, chat: ChatHub(store: store, bufferSize: bufferSize, recentSize: recentSize))
    }

    @Test func onlyMembersSendAndReadAndTextIsChecked() async throws {
        let feed = make()
        let (host, outsider) = (UUID(), UUID())
        let event = membership.event(host: host)
        #expect(await errorReason { _ = try await feed.send("hi", to: event, by: outsider, idempotencyKey: nil) } == "PERMISSION_DENIED")
        #expect(await errorReason { _ = try await feed.chatHistory(event, reader: outsider, page: PageRequest()) } == "PERMISSION_DENIED")
        #expect(await ChatReading(feed, event: event, reader: outsider).end() == "PERMISSION_DENIED")
        #expect(await errorFields { _ = try await feed.send(" ", to: event, by: host, idempotencyKey: nil) } == ["text"])
        #expect(
            await errorFields {
                _ = try await feed.send(String(repeating: "x", count: 2001), to: event, by: host, idempotencyKey: nil)
            } == ["text"])
        #expect(await errorFields { try await feed.readChat(event, reader: host, after: -1) { _ in } } == ["after_sequence"])
        // A line that reorders what the others read (U+202E), found sending through `roam up`.
        #expect(await errorFields { _ = try await feed.send("meet at \u{202E}etag", to: event, by: host, idempotencyKey: nil) } == ["text"])
        #expect(try await feed.send("שלום \u{200F}(hi)", to: event, by: host, idempotencyKey: nil).text.hasPrefix("שלום"))
    }

    @Test func readersGetEveryMessageOnceInOrderFromWhereTheyResume() async throws {
        // A small memory makes the late reader catch up from the store first.
        let feed = make(recentSize: 4)
        let (host, ana) = (UUID(), UUID())
        let event = membership.event(host: host, members: [ana])
        for index in 1...10 { _ = try await feed.send("early \(index)", to: event, by: host, idempotencyKey: nil) }
        let live = ChatReading(feed, event: event, reader: ana)
        let resumed = ChatReading(feed, event: event, reader: host, after: 3)
        await live.waitUntilLive()
        await resumed.waitUntilLive()
        #expect(resumed.messages.map(\.sequence) == Array(4...10))
        for index in 11...20 { _ = try await feed.send("late \(index)", to: event, by: index % 2 == 0 ? host : ana, idempotencyKey: nil) }
        #expect(await resumed.waitFor(17).map(\.sequence) == Array(4...20))
        #expect(await live.waitFor(10).map(\.sequence) == Array(11...20))
        // Joining a room already open: what it remembers comes before the "live" marker too.
        let late = ChatReading(feed, event: event, reader: ana, after: 12)
        await late.waitUntilLive()
        #expect(late.messages.map(\.sequence) == Array(13...20))
        live.stop()
        resumed.stop()
        late.stop()
    }

    @Test func aSlowReaderIsCutOffWithoutHoldingUpOthers() async throws {
        let feed = make(bufferSize: 8)
        let (host, slow) = (UUID(), UUID())
        let event = membership.event(host: host, members: [slow])
        // Held until all 40 are sent: slower than the sender even when a loaded machine makes sending slow.
        let gate = ReaderGate()
        let sluggish = ChatReading(feed, event: event, reader: slow, gate: gate)
        let brisk = ChatReading(feed, event: event, reader: host)
        await sluggish.waitUntilLive()
        await brisk.waitUntilLive()
        for index in 1...40 { _ = try await feed.send("m\(index)", to: event, by: host, idempotencyKey: nil) }
        #expect(await brisk.waitFor(40).count == 40)
        gate.release()
        #expect(await sluggish.end() == "SLOW_CONSUMER")
        #expect(sluggish.messages.count < 40)
        // It resumes from history where it stopped.
        let after = sluggish.messages.last?.sequence ?? 0
        let rest = try await feed.chatHistory(event, reader: slow, page: PageRequest(size: 100)).items.filter { $0.sequence > after }
        #expect(Int64(rest.count) == 40 - after)
        brisk.stop()
    }

    @Test func aRemovedMemberStopsAtOnceAndTheEventsEndClosesEveryone() async throws {
        let feed = make()
        let (host, ana, ben) = (UUID(), UUID(), UUID())
        let event = membership.event(host: host, members: [ana, ben])
        let anasReading = ChatReading(feed, event: event, reader: ana)
        let bensReading = ChatReading(feed, event: event, reader: ben)
        await anasReading.waitUntilLive()
        await bensReading.waitUntilLive()
        _ = try await feed.send("one", to: event, by: host, idempotencyKey: nil)
        #expect(await anasReading.waitFor(1).count == 1)
        membership.remove(ana, from: event)
        await feed.chat.revoke(ana, from: event)
        #expect(await anasReading.end() == "NO_LONGER_MEMBER")
        _ = try await feed.send("two", to: event, by: host, idempotencyKey: nil)
        #expect(await bensReading.waitFor(2).count == 2)
        #expect(anasReading.messages.count == 1)

        _ = try await feed.purgeEvent(event)
        #expect(await bensReading.end() == "EVENT_ENDED")
        #expect(await feed.chat.readerCount == 0)
    }

    @Test func readersWhoLeftWhileNoOneWasWatchingAreFoundOnRecheck() async throws {
        let feed = make()
        let (host, ana) = (UUID(), UUID())
        let event = membership.event(host: host, members: [ana])
        let reading = ChatReading(feed, event: event, reader: ana)
        await reading.waitUntilLive()
        membership.remove(ana, from: event)
        await feed.recheckChatReaders()
        #expect(await reading.end() == "NO_LONGER_MEMBER")
    }

    /// The recheck when departures are watched again may come before the event's end reaches this
    /// process: a reader of an event that is gone is told it ended, not that it left.
    @Test func readersOfAnEventThatEndedWhileNoOneWasWatchingAreToldItEnded() async throws {
        let feed = make()
        let (host, ana) = (UUID(), UUID())
        let event = membership.event(host: host, members: [ana])
        let readings = [ChatReading(feed, event: event, reader: ana), ChatReading(feed, event: event, reader: host)]
        for reading in readings { await reading.waitUntilLive() }
        membership.end(event)
        await feed.recheckChatReaders()
        for reading in readings { #expect(await reading.end() == "EVENT_ENDED") }
        #expect(await feed.chat.readerCount == 0)
    }

    @Test func aStoppingReplicaClosesEveryReaderSoTheyResumeElsewhere() async throws {
        let feed = make()
        let (host, ana) = (UUID(), UUID())
        let first = membership.event(host: host, members: [ana])
        let second = membership.event(host: host, members: [ana])
        let readings = [ChatReading(feed, event: first, reader: ana), ChatReading(feed, event: second, reader: host)]
        for reading in readings { await reading.waitUntilLive() }
        await feed.chat.closeAll()
        for reading in readings { #expect(await reading.end() == "SHUTTING_DOWN") }
        #expect(await feed.chat.readerCount == 0)
    }

    @Test func membersReadingTheChatSeeNewPostsCommentsAndLikeCounts() async throws {
        let graph = FakeSocialGraph()
        let store = InMemoryFeedStore()
        let feed = FeedService(store: store, membership: membership, graph: graph, chat: ChatHub(store: store))
        let (host, ana, blocked) = (UUID(), UUID(), UUID())
        let event = membership.event(host: host, members: [ana, blocked])
        graph.block(ana, blocked)
        let reading = ChatReading(feed, event: event, reader: ana)
        await reading.waitUntilLive()

        let post = try await feed.create(PostDraft.fixture(audience: .event(event), text: "Doors open #party"), author: host, idempotencyKey: "k1")
        // Retried.
        _ = try await feed.create(PostDraft.fixture(audience: .event(event), text: "Doors open #party"), author: host, idempotencyKey: "k1")
        _ = try await feed.create(PostDraft.fixture(audience: .event(event), text: "From someone ana blocked"), author: blocked, idempotencyKey: nil)
        _ = try await feed.send("hello", to: event, by: host, idempotencyKey: nil)
        let comment = try await feed.comment(on: .post(post.id), text: "On my way", by: host, idempotencyKey: nil)
        _ = try await feed.like(.post(post.id), by: host)
        _ = try await feed.like(.post(post.id), by: host)  // again: no change, no news
        _ = try await feed.like(.post(post.id), by: ana)
        _ = try await feed.unlike(.post(post.id), by: host)
        // Posts elsewhere are not this event's news.
        _ = try await feed.create(
            PostDraft.fixture(audience: .place(Place(latitude: 1, longitude: 1, name: "Elsewhere")), text: "Story"),
            author: host, idempotencyKey: nil)

        let updates = await reading.waitForUpdates(5)
        #expect(updates.count == 5)
        guard updates.count == 5 else { return }
        #expect(updates[0] == .post(post.item))
        #expect(updates[1] == .comment(comment.item))
        #expect(updates[2...].map { update -> Int in if case .likes(_, let count) = update { count } else { -1 } } == [1, 2, 1])
        #expect(await reading.waitFor(1).map(\.text) == ["hello"])
        reading.stop()
    }
}
