import Foundation
import RoamRuntime
import RoamTesting
import Testing

@testable import Events

/// The hub's streams end when the process stops, so clients reconnect to another replica at once.
@Suite struct NotificationHubTests {
    @Test func finishAllEndsEveryStreamAndDepartureWatch() async throws {
        let hub = NotificationHub()
        let user = UUID()
        let stream = hub.subscribe(user)
        let departures = hub.watchDepartures()
        let event = UUID()
        hub.deliver(EventNotification(kind: .eventEnded, eventID: event, reason: .eventEnded, at: Date()), to: user)
        hub.finishAll()
        var received: [UUID] = []
        for await notification in stream { received.append(contentsOf: notification.eventID.map { [$0] } ?? []) }
        var departed: [UUID] = []
        for await departure in departures { departed.append(departure.eventID) }
        // What was already delivered still arrives; then each stream ends.
        #expect(received == [event] && departed == [event])
        #expect(await eventually { hub.openStreams == 0 && hub.departureWatchers == 0 })
    }
}
