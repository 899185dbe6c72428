import Foundation
import RoamRuntime
import RoamTesting
import Testing

@testable import Feed

/// The relay a gateway reads an event's chat from for all of its sockets: everything, with authors,
/// each removal, and the same ends as a reader's.
@Suite struct ChatRelayTests {
    let membership = FakeMembership()
    let graph = FakeSocialGraph()

    func make(recentSize: Int = 512) -> FeedService {
        let store = InMemoryFeedStore()
        return FeedService(store: store, membership: membership, graph: graph, chat: ChatHub(store: store, recentSize: recentSize))
    }

    @Test func aRelayGetsEveryMessageOfEveryAuthorInOrderAndEachRemovalWithoutEnding() async throws {
        // A small memory makes the relay catch up from the store first.
        let feed = make(recentSize: 4)
        let (host, ana, ben) = (UUID(), UUID(), UUID())
        let event = membership.event(host: host, members: [ana, ben])
        graph.block(ana, host)
        for index in 1...6 { _ = try await feed.send("early \(index)", to: event, by: host, idempotencyKey: nil) }
        let relay = RelayReading(feed, event: event, after: 1)
        #expect(await relay.waitUntilLive() == 6)
        #expect(relay.sequences == Array(2...6))
        _ = try await feed.send("from ana", to: event, by: ana, idempotencyKey: nil)
        #expect(await relay.waitFor(6) == Array(2...7))

        membership.remove(ben, from: event)
        await feed.chat.revoke(ben, from: event)
        await eventually { relay.removed == [ben] }
        #expect(relay.removed == [ben])
        _ = try await feed.send("still here", to: event, by: host, idempotencyKey: nil)
        #expect(await relay.waitFor(7) == Array(2...8))
        // Blocks are the gateway's to apply per reader: the relay carries every author.
        #expect(relay.authors.contains(host) && relay.authors.contains(ana))

        // Membership that may have changed unseen: the relay is asked to have its readers checked, and reads on.
        await feed.recheckChatReaders()
        await eventually { relay.rechecks == 1 }
        #expect(relay.rechecks == 1)
        #expect(try await feed.checkChatReaders(event, readers: [host, ana, ben]) == ([ben], false))
        _ = try await feed.send("after the check", to: event, by: host, idempotencyKey: nil)
        #expect(await relay.waitFor(8) == Array(2...9))

        // An event that ended unseen ends its relays at the recheck.
        membership.end(event)
        await feed.recheckChatReaders()
        #expect(await relay.end() == "EVENT_ENDED")
        #expect(try await feed.checkChatReaders(event, readers: [host, ana]) == ([host, ana], true))
        #expect(await feed.chat.readerCount == 0)
    }

    @Test func aRelayEndsWithTheEventAndCannotFollowOneThatIsGone() async throws {
        let feed = make()
        let host = UUID()
        let event = membership.event(host: host)
        let relay = RelayReading(feed, event: event, after: nil)
        #expect(await relay.waitUntilLive() == 0)
        _ = try await feed.purgeEvent(event)
        #expect(await relay.end() == "EVENT_ENDED")

        let gone = membership.event(host: host)
        membership.end(gone)
        #expect(await RelayReading(feed, event: gone, after: nil).end() == "EVENT_ENDED")
        #expect(await errorFields { try await feed.relayChat(event, after: -1, live: { _ in }) { _ in } } == ["after_sequence"])
    }

    @Test func openingAReaderChecksMembershipAndNamesWhomToLeaveOut() async throws {
        let feed = make()
        let (host, ana, outsider) = (UUID(), UUID(), UUID())
        let event = membership.event(host: host, members: [ana])
        graph.block(host, ana)
        #expect(try await feed.openChatReader(event, reader: ana) == [host])
        #expect(try await feed.openChatReader(event, reader: host) == [ana])
        #expect(await errorReason { _ = try await feed.openChatReader(event, reader: outsider) } == "PERMISSION_DENIED")
    }
}
