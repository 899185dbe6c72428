import Foundation
import Logging
import RoamCore
import RoamRuntime
import RoamTesting
import Synchronization
import Testing

@testable import Events

/// What events hands the notifications service: only what a closed app should hear of, one publication
/// per recipient, while the live streams still hear everything.
@Suite struct PublishingNotifierTests {
    static func queued(_ queue: InMemoryPublicationQueue) async throws -> [Publication] {
        try await queue.claim(at: Date().addingTimeInterval(60), lease: .seconds(60), limit: 100).map(\.publication)
    }

    @Test func standingChangesAreQueuedAndTheStreamsHearEverything() async throws {
        let (hub, queue) = (NotificationHub(), InMemoryPublicationQueue())
        let notifier = PublishingNotifier(
            live: hub, publications: QueueingPublicationSink(queue: queue, wakeUp: WakeUp(), logger: Logger(label: "test")))
        let (ada, bo, host, event) = (UUID(), UUID(), UUID(), UUID())
        let heard = Mutex<[EventNotification.Kind]>([])
        let stream = hub.subscribe(ada)
        let listening = Task { for await notification in stream { heard.withLock { $0.append(notification.kind) } } }
        defer { listening.cancel() }
        let at = Date(timeIntervalSince1970: 1_900_000_000)

        await notifier.publish(EventNotification(kind: .admitted, eventID: event, at: at), to: ada)
        await notifier.publish(EventNotification(kind: .memberJoined, eventID: event, userID: bo, at: at), to: ada)
        await notifier.publish(EventNotification(kind: .removed, eventID: event, reason: .left, at: at), to: ada)
        await notifier.publish(EventNotification(kind: .removed, eventID: event, reason: .leftFence, at: at), to: ada)
        await notifier.publish(EventNotification(kind: .invited, eventID: event, userID: host, at: at), to: ada)
        await notifier.publish(EventNotification(kind: .eventEnded, eventID: event, reason: .eventEnded, at: at), to: [ada, bo])

        let queued = try await Self.queued(queue)
        #expect(queued.filter { $0.userID == ada }.map(\.kind).sorted() == ["admitted", "event_ended", "invited", "removed"])
        #expect(queued.filter { $0.userID == bo }.map(\.kind) == ["event_ended"])
        let invitation = try #require(queued.first { $0.kind == "invited" })
        #expect(invitation.data == ["eventId": event.lowercasedString, "hostId": host.lowercasedString])
        #expect(invitation.threadID == "event:\(event.lowercasedString)" && invitation.key.hasPrefix("invited:\(event.lowercasedString):"))
        #expect(queued.first { $0.kind == "removed" }?.data["reason"] == "left_fence")
        #expect(await eventually { heard.withLock { $0.count } == 6 }, "the stream hears all six, queued or not")
    }
}
