import Foundation
import RoamCore
import RoamRuntime
import RoamTesting
import Testing

@testable import Events

/// What reaches an inbox and a phone is queued by the change it tells of, in the same step, and only
/// when the change happens: an admission, a removal, an invitation, a ban, an event's end.
@Suite struct EventPublicationsContractTests {
    /// The kinds queued for each of `users` (other tests' publications share the table and are left alone).
    static func queued(in store: any EventRepository, for users: [UUID]) async throws -> [UUID: [String]] {
        let claimed = try await store.publications.claim(at: Date().addingTimeInterval(3600), lease: .seconds(7200), limit: 10_000)
        var kinds: [UUID: [String]] = [:]
        for queued in claimed.map(\.publication) where users.contains(queued.userID) {
            kinds[queued.userID, default: []].append(queued.kind)
        }
        return kinds.mapValues { $0.sorted() }
    }

    @Test(arguments: StoreKind.allCases)
    func changesQueueWhatTheyTellOnlyWhenTheyHappen(_ kind: StoreKind) async throws {
        try await kind.withStore { store in
            let here = Places.somewhere()
            let now = Fixtures.now()
            let event = try await store.create(Fixtures.event(at: here, capacity: 3), idempotencyKey: nil)
            let (ada, bo, cy, dee, eve, finn) = (UUID(), UUID(), UUID(), UUID(), UUID(), UUID())
            func notice(_ kind: EventNotification.Kind, _ reason: DepartureReason? = nil) -> EventNotification {
                EventNotification(kind: kind, eventID: event.id, userID: kind == .invited ? event.hostID : nil, reason: reason, at: now)
            }
            let position = Fixtures.position(here)

            _ = try await store.admit(eventID: event.id, userID: ada, position: position, at: now, telling: notice(.admitted))
            _ = try await store.admit(eventID: event.id, userID: finn, position: position, at: now, telling: nil)
            guard case .full = try await store.admit(eventID: event.id, userID: bo, position: position, at: now, telling: notice(.admitted)) else {
                Issue.record("the event should be full")
                return
            }
            _ = try await store.enqueue(eventID: event.id, userID: bo, position: position, at: now)
            #expect(try await store.remove(eventID: event.id, userID: ada, reason: .leftFence, at: now, telling: notice(.removed, .leftFence)) != nil)
            #expect(try await store.remove(eventID: event.id, userID: ada, reason: .leftFence, at: now, telling: notice(.removed, .leftFence)) == nil)
            #expect(Set(try await store.invite([cy, cy, dee], to: event.id, by: event.hostID, at: now, telling: notice(.invited))) == [cy, dee])
            #expect(try await store.invite([cy], to: event.id, by: event.hostID, at: now, telling: notice(.invited)).isEmpty)
            _ = try await store.ban(eventID: event.id, userID: eve, by: event.hostID, at: now, telling: notice(.banned, .banned))
            let report = Report(id: .v7(), eventID: event.id, reporterID: ada, targetID: finn, reason: .spam, text: "", createdAt: now)
            #expect(
                try await store.addReport(report, threshold: 1, telling: notice(.banned, .banned)) == .recorded(distinctReporters: 1, banned: true))

            #expect(
                try await Self.queued(in: store, for: [ada, bo, cy, dee, eve, finn])
                    == [ada: ["admitted", "removed"], cy: ["invited"], dee: ["invited"], eve: ["banned"], finn: ["banned"]])

            _ = try await store.purge(eventID: event.id, at: now, telling: notice(.eventEnded, .eventEnded))
            #expect(
                try await Self.queued(in: store, for: [event.hostID, bo, ada])
                    == [event.hostID: ["event_ended"], bo: ["event_ended"]], "the host and the waitlist; not who had left")
            let endedByItsHost = try await store.create(Fixtures.event(at: here), idempotencyKey: nil)
            let byHost = EventNotification(kind: .eventEnded, eventID: endedByItsHost.id, userID: endedByItsHost.hostID, reason: .eventEnded, at: now)
            _ = try await store.purge(eventID: endedByItsHost.id, at: now, telling: byHost)
            #expect(try await Self.queued(in: store, for: [endedByItsHost.hostID]).isEmpty, "nobody hears of their own doing")
        }
    }
}
