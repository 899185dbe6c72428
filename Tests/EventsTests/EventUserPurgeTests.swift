import Foundation
import RoamCore
import RoamRuntime
import RoamTesting
import Testing

@testable import Events

/// A deleted account leaves nothing in events: what it hosts ends (and is purged elsewhere through the
/// outbox, as any ended event), its memberships and the positions they hold go, its place goes to the
/// waitlist, and its invitations, reports and bans go, in both stores.
@Suite struct EventUserPurgeTests {
    @Test(arguments: StoreKind.allCases)
    func forgettingAUserLeavesNoRowOfTheirs(_ kind: StoreKind) async throws {
        try await kind.withStore { store in
            let here = Places.somewhere()
            let now = Fixtures.now()
            let gone = UUID()
            let (host, other) = (UUID(), UUID())
            let hosted = Fixtures.event(at: here, host: gone)
            let joined = Fixtures.event(at: here, capacity: 3, host: host)
            let full = Fixtures.event(at: here, capacity: 1, host: host)
            for event in [hosted, joined, full] { _ = try await store.create(event, idempotencyKey: nil) }
            _ = try await store.admit(eventID: hosted.id, userID: other, position: Fixtures.position(here), at: now)
            _ = try await store.admit(eventID: joined.id, userID: gone, position: Fixtures.position(here), at: now)
            _ = try await store.admit(eventID: joined.id, userID: other, position: Fixtures.position(here), at: now)
            _ = try await store.enqueue(eventID: full.id, userID: gone, position: Fixtures.position(here), at: now)
            _ = try await store.invite([gone], to: full.id, by: host, at: now)
            _ = try await store.invite([other], to: joined.id, by: gone, at: now)
            _ = try await store.addReport(
                Report(
                    id: UUID(), eventID: joined.id, reporterID: gone, targetID: other, reason: .spam, text: "",
                    createdAt: now), threshold: 100)
            _ = try await store.addReport(
                Report(
                    id: UUID(), eventID: joined.id, reporterID: other, targetID: gone, reason: .spam, text: "",
                    createdAt: now), threshold: 100)
            _ = try await store.ban(eventID: full.id, userID: gone, by: host, at: now)
            try await store.recordPasswordFailure(eventID: joined.id, userID: gone, at: now)
            #expect(try await store.hostedEventIDs(of: gone) == [hosted.id])

            // What the service does: end the hosted event, then forget the rest.
            _ = try await store.purge(eventID: hosted.id, at: now)
            try await store.forget(userID: gone)

            #expect(try await store.hostedEventIDs(of: gone).isEmpty)
            #expect(try await store.event(id: hosted.id, at: now) == nil)
            #expect(
                try await store.memberIDs(eventID: joined.id).sorted { $0.uuidString < $1.uuidString }
                    == [host, other].sorted { $0.uuidString < $1.uuidString })
            #expect(try await store.event(id: joined.id, at: now)?.memberCount == 2, "the count follows")
            #expect(try await store.waitlist(eventID: full.id).isEmpty)
            #expect(try await store.invitation(of: gone, to: full.id) == nil)
            #expect(try await store.invitation(of: other, to: joined.id) == nil, "an invitation it sent goes too")
            #expect(try await store.reports(eventID: joined.id, page: PageRequest(size: 10)).items.isEmpty)
            #expect(try await store.bans(eventID: full.id, page: PageRequest(size: 10)).items.isEmpty)
            #expect(try await store.passwordFailures(eventID: joined.id, userID: gone, since: .distantPast) == 0)
            #expect(try await store.presences(of: gone, at: now).isEmpty)
            #expect(try await store.eventsOf(userID: gone, at: now).isEmpty)
        }
    }

    @Test func theServiceEndsHostedEventsThroughTheOutboxAndGivesThePlaceToTheWaitlist() async throws {
        let clock = TestClock()
        let (service, store, _) = EventService.forTests(clock: clock)
        let here = Places.somewhere()
        let (gone, host, waiting) = (UUID(), UUID(), UUID())
        let hosted = try await service.create(
            EventDraft.fixture(name: "Mine", center: here, radiusMeters: 100, capacity: 5, lifetime: .seconds(3600)),
            host: gone, idempotencyKey: nil
        ).event
        let theirs = try await service.create(
            EventDraft.fixture(name: "Theirs", center: here, radiusMeters: 100, capacity: 2, lifetime: .seconds(3600)),
            host: host, idempotencyKey: nil
        ).event
        #expect(try await service.join(theirs.id, user: gone, at: Fixtures.position(here), password: "", waitlistIfFull: false).isJoined)
        _ = try await service.join(theirs.id, user: waiting, at: Fixtures.position(here), password: "", waitlistIfFull: true)
        #expect(try await store.waitlist(eventID: theirs.id).map(\.userID) == [waiting])

        try await service.forget(user: gone)
        try await service.forget(user: gone)  // the outbox may deliver twice
        #expect(try await store.event(id: hosted.id, at: clock.now) == nil)
        let pending = try await store.outbox.due(at: clock.now.addingTimeInterval(3600), limit: 10)
        #expect(pending.contains { $0.topic == .eventEnded && $0.subjectID == hosted.id })
        #expect(Set(try await store.memberIDs(eventID: theirs.id)) == [host, waiting], "the waitlist got the place")
    }
}
