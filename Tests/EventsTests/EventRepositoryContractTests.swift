import Foundation
import RoamRuntime
import RoamTesting
import Testing

@testable import Events

/// One suite, two stores: the in-memory store must behave as PostgreSQL + PostGIS does.
@Suite struct EventRepositoryContractTests {
    @Test(arguments: StoreKind.allCases)
    func createStoresTheHostAsFirstMemberAndHonoursIdempotencyKeys(_ kind: StoreKind) async throws {
        try await kind.withStore { store in
            var event = Fixtures.event(at: Places.somewhere())
            event.passwordHash = "argon2id-hash"
            event.bannerMediaID = UUID()
            event.groupWalk = GroupWalk(walkID: UUID(), privacy: .friends)
            // A takedown is written only by setTakedown (aTakedownIsKeptAndPutBack).
            let unset = unsetMembers(of: event).filter { $0 != "takedown" }
            #expect(unset.isEmpty, "the complete event leaves \(unset) unset")
            let created = try await store.create(event, idempotencyKey: "key-1")
            var retry = Fixtures.event(at: Places.somewhere(), host: event.hostID)
            retry.name = "Another"
            let again = try await store.create(retry, idempotencyKey: "key-1")
            #expect(again.id == created.id)
            #expect(try await store.event(id: retry.id, at: Fixtures.now()) == nil)
            #expect(try await store.event(id: event.id, at: Fixtures.now()) == event)
            #expect(try await store.memberIDs(eventID: event.id) == [event.hostID])
            #expect(try await store.roles(of: event.hostID, in: [event.id]) == [event.id: .host])
        }
    }

    @Test(arguments: StoreKind.allCases)
    func containingFindsOnlyLiveEventsWhoseFenceHoldsThePointNearestFirst(_ kind: StoreKind) async throws {
        try await kind.withStore { store in
            let here = Places.somewhere()
            let now = Fixtures.now()
            let near = Fixtures.event(at: here.moved(meters: 30, bearing: 0), radius: 100)
            let far = Fixtures.event(at: here.moved(meters: 400, bearing: 90), radius: 500)
            let tooSmall = Fixtures.event(at: here.moved(meters: 150, bearing: 180), radius: 100)
            let upcoming = Fixtures.event(at: here, radius: 100, startsAt: now.addingTimeInterval(600))
            let ended = Fixtures.event(at: here, radius: 100, startsAt: now.addingTimeInterval(-7200), lasting: 3600)
            for event in [near, far, tooSmall, upcoming, ended] { _ = try await store.create(event, idempotencyKey: nil) }

            let inside = try await store.eventsContaining(here, at: now, page: PageRequest(size: 10))
            #expect(inside.items.map(\.event.id) == [near.id, far.id])
            #expect(abs(inside.items[0].distanceMeters - 30) < 0.5)

            let map = try await store.eventsNear(here, within: 1000, at: now, page: PageRequest(size: 10))
            #expect(Set(map.items.map(\.event.id)) == [near.id, far.id, tooSmall.id, upcoming.id])
            #expect(map.items.map(\.distanceMeters) == map.items.map(\.distanceMeters).sorted())
        }
    }

    @Test(arguments: StoreKind.allCases)
    func containingForAViewerSaysHowTheViewerStandsWithEachEvent(_ kind: StoreKind) async throws {
        try await kind.withStore { store in
            let here = Places.somewhere()
            let now = Fixtures.now()
            let viewer = UUID()
            let joined = Fixtures.event(at: here.moved(meters: 10, bearing: 0), radius: 200)
            let waiting = Fixtures.event(at: here.moved(meters: 20, bearing: 90), radius: 200)
            let banned = Fixtures.event(at: here.moved(meters: 30, bearing: 180), radius: 200)
            let stranger = Fixtures.event(at: here.moved(meters: 40, bearing: 270), radius: 200)
            let hosted = Fixtures.event(at: here.moved(meters: 50, bearing: 45), radius: 200, host: viewer)
            for event in [joined, waiting, banned, stranger, hosted] { _ = try await store.create(event, idempotencyKey: nil) }
            _ = try await store.admit(eventID: joined.id, userID: viewer, position: Fixtures.position(here), at: now)
            _ = try await store.enqueue(eventID: waiting.id, userID: viewer, position: Fixtures.position(here), at: now)
            _ = try await store.ban(eventID: banned.id, userID: viewer, by: banned.hostID, at: now)

            let (page, roles) = try await store.eventsContaining(here, at: now, page: PageRequest(size: 10), viewer: viewer)
            #expect(page.items.map(\.event.id) == [joined.id, waiting.id, banned.id, stranger.id, hosted.id])
            #expect(roles[joined.id] == .member)
            #expect(roles[waiting.id] == .waitlisted)
            #expect(roles[banned.id] == .banned)
            #expect(roles[stranger.id] == Role.none)
            #expect(roles[hosted.id] == .host)
            // The same page as without a viewer, and a second page carries on after it.
            #expect(try await store.eventsContaining(here, at: now, page: PageRequest(size: 10)).items.map(\.event.id) == page.items.map(\.event.id))
            let first = try await store.eventsContaining(here, at: now, page: PageRequest(size: 2), viewer: viewer)
            let second = try await store.eventsContaining(here, at: now, page: PageRequest(size: 2, cursor: first.hits.nextCursor), viewer: viewer)
            #expect(second.hits.items.map(\.event.id) == [banned.id, stranger.id])
            #expect(second.roles[banned.id] == .banned)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func aFenceAcrossTheAntimeridianHoldsPointsOnBothSides(_ kind: StoreKind) async throws {
        try await kind.withStore { store in
            let latitude = Double.random(in: -60...60)
            let event = try await store.create(
                Fixtures.event(at: GeoPoint(latitude: latitude, longitude: 179.9995), radius: 500),
                idempotencyKey: nil)
            let across = GeoPoint(latitude: latitude, longitude: -179.9995)
            let found = try await store.eventsContaining(across, at: Fixtures.now(), page: PageRequest(size: 100))
            #expect(found.items.contains { $0.event.id == event.id })
        }
    }

    @Test(arguments: StoreKind.allCases)
    func discoveryPagesThroughEveryEventOnce(_ kind: StoreKind) async throws {
        try await kind.withStore { store in
            let here = Places.somewhere()
            var ids: Set<UUID> = []
            for index in 0..<7 {
                let event = Fixtures.event(at: here.moved(meters: Double(index * 10), bearing: 45), radius: 200)
                ids.insert(try await store.create(event, idempotencyKey: nil).id)
            }
            var seen: [UUID] = []
            var cursor: String?
            repeat {
                let page = try await store.eventsContaining(here, at: Fixtures.now(), page: PageRequest(size: 3, cursor: cursor))
                seen += page.items.map(\.event.id)
                cursor = page.nextCursor
            } while cursor != nil
            #expect(seen.count == 7)
            #expect(Set(seen) == ids)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func admitFillsToCapacityThenReportsFullAndKeepsTheCountExact(_ kind: StoreKind) async throws {
        try await kind.withStore { store in
            let here = Places.somewhere()
            let event = try await store.create(Fixtures.event(at: here, capacity: 3), idempotencyKey: nil)
            let (first, second, third) = (UUID(), UUID(), UUID())
            let now = Fixtures.now()
            guard case .admitted = try await store.admit(eventID: event.id, userID: first, position: Fixtures.position(here), at: now) else {
                Issue.record("first join was not admitted"); return
            }
            guard case .alreadyMember = try await store.admit(eventID: event.id, userID: first, position: Fixtures.position(here), at: now) else {
                Issue.record("second join of the same user was not harmless"); return
            }
            guard case .admitted(let full) = try await store.admit(eventID: event.id, userID: second, position: Fixtures.position(here), at: now)
            else {
                Issue.record("second user was not admitted"); return
            }
            #expect(full.memberCount == 3)
            guard case .full = try await store.admit(eventID: event.id, userID: third, position: Fixtures.position(here), at: now) else {
                Issue.record("a full event admitted someone"); return
            }
            #expect(try await store.event(id: event.id, at: now)?.memberCount == 3)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func waitlistKeepsOrderAndAdmittingTakesSomeoneOffIt(_ kind: StoreKind) async throws {
        try await kind.withStore { store in
            let here = Places.somewhere()
            let event = try await store.create(Fixtures.event(at: here, capacity: 2), idempotencyKey: nil)
            let now = Fixtures.now()
            let (a, b) = (UUID(), UUID())
            #expect(try await store.enqueue(eventID: event.id, userID: a, position: Fixtures.position(here), at: now) == 1)
            #expect(try await store.enqueue(eventID: event.id, userID: b, position: Fixtures.position(here), at: now) == 2)
            #expect(try await store.enqueue(eventID: event.id, userID: a, position: Fixtures.position(here, accuracy: 9), at: now) == 1)
            #expect(try await store.waitlist(eventID: event.id).map(\.userID) == [a, b])
            #expect(try await store.roles(of: a, in: [event.id]) == [event.id: .waitlisted])
            _ = try await store.admit(eventID: event.id, userID: a, position: Fixtures.position(here), at: now)
            #expect(try await store.waitlist(eventID: event.id).map(\.userID) == [b])
            #expect(try await store.roles(of: a, in: [event.id]) == [event.id: .member])
        }
    }

    @Test(arguments: StoreKind.allCases)
    func removingAMemberFreesAPlaceButTheHostStays(_ kind: StoreKind) async throws {
        try await kind.withStore { store in
            let here = Places.somewhere()
            let event = try await store.create(Fixtures.event(at: here), idempotencyKey: nil)
            let member = UUID()
            let now = Fixtures.now()
            _ = try await store.admit(eventID: event.id, userID: member, position: Fixtures.position(here), at: now)
            let removal = try await store.remove(eventID: event.id, userID: member, reason: .leftFence, at: now)
            #expect(removal == Removal(eventID: event.id, userID: member, reason: .leftFence, hostID: event.hostID))
            #expect(try await store.remove(eventID: event.id, userID: member, reason: .left, at: now) == nil)
            #expect(try await store.remove(eventID: event.id, userID: event.hostID, reason: .left, at: now) == nil)
            #expect(try await store.event(id: event.id, at: now)?.memberCount == 1)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func presencesAndPositionsAndSilentMembers(_ kind: StoreKind) async throws {
        try await kind.withStore { store in
            let here = Places.somewhere()
            let event = try await store.create(Fixtures.event(at: here), idempotencyKey: nil)
            let member = UUID()
            let joined = Fixtures.now().addingTimeInterval(-3000)
            _ = try await store.admit(eventID: event.id, userID: member, position: Fixtures.position(here), at: joined)
            let silent = try await store.staleMembers(lastSeenBefore: Fixtures.now().addingTimeInterval(-1800), at: Fixtures.now(), limit: 1000)
            #expect(silent.contains { $0.userID == member && $0.eventID == event.id })
            #expect(!silent.contains { $0.userID == event.hostID })

            let moved = Fixtures.position(here.moved(meters: 40, bearing: 0), accuracy: 12)
            try await store.recordPosition(userID: member, position: moved, at: Fixtures.now())
            let presences = try await store.presences(of: member, at: Fixtures.now())
            #expect(presences.map(\.member.eventID) == [event.id])
            #expect(presences.first?.member.lastPosition == moved)
            #expect(presences.first?.fence == event.fence)
            let after = try await store.staleMembers(lastSeenBefore: Fixtures.now().addingTimeInterval(-1800), at: Fixtures.now(), limit: 1000)
            #expect(!after.contains { $0.userID == member })
        }
    }

    @Test(arguments: StoreKind.allCases)
    func aBanRemovesTheMemberAndKeepsThemOut(_ kind: StoreKind) async throws {
        try await kind.withStore { store in
            let here = Places.somewhere()
            let event = try await store.create(Fixtures.event(at: here), idempotencyKey: nil)
            let member = UUID()
            let now = Fixtures.now()
            _ = try await store.admit(eventID: event.id, userID: member, position: Fixtures.position(here), at: now)
            #expect(try await store.ban(eventID: event.id, userID: member, by: event.hostID, at: now)?.reason == .banned)
            #expect(try await store.ban(eventID: event.id, userID: member, by: event.hostID, at: now) == nil)
            #expect(try await store.admit(eventID: event.id, userID: member, position: Fixtures.position(here), at: now) == .banned)
            #expect(try await store.roles(of: member, in: [event.id]) == [event.id: .banned])
            #expect(try await store.bans(eventID: event.id, page: PageRequest()).items.map(\.userID) == [member])
            #expect(try await store.unban(eventID: event.id, userID: member))
            #expect(try await !store.unban(eventID: event.id, userID: member))
            guard case .admitted = try await store.admit(eventID: event.id, userID: member, position: Fixtures.position(here), at: now) else {
                Issue.record("an unbanned user could not rejoin"); return
            }
        }
    }

    @Test(arguments: StoreKind.allCases)
    func aTakedownIsKeptAndPutBack(_ kind: StoreKind) async throws {
        try await kind.withStore { store in
            let event = try await store.create(Fixtures.event(at: Places.somewhere()), idempotencyKey: nil)
            let takedown = Takedown(at: Fixtures.now(), reason: "hate", by: "operator:ana")
            #expect(try await store.setTakedown(ofEvent: event.id, takedown)?.takedown == takedown)
            #expect(try await store.event(id: event.id, at: Fixtures.now())?.takedown == takedown)
            #expect(try await store.setTakedown(ofEvent: event.id, nil)?.takedown == nil)
            #expect(try await store.event(id: event.id, at: Fixtures.now())?.takedown == nil)
            #expect(try await store.setTakedown(ofEvent: UUID(), takedown) == nil)
        }
    }

    /// What moderators list: the events live at a time, newest start first, each with its reports and bans.
    @Test(arguments: StoreKind.allCases)
    func liveEventsAreThoseStartedAndNotEndedWithTheirReportAndBanCounts(_ kind: StoreKind) async throws {
        try await kind.withStore { store in
            // A time of this test's own, decades away, so the shared database's other events are not live in it;
            // not millennia, where a `Date` (a double) no longer holds every microsecond and a cursor slips.
            let at = Fixtures.now().addingTimeInterval(Double.random(in: 20...80) * 86_400 * 365 + Double.random(in: 0...86_400))
            let here = Places.somewhere()
            let older = Fixtures.event(at: here, startsAt: at.addingTimeInterval(-300))
            let newer = Fixtures.event(at: here, startsAt: at.addingTimeInterval(-100))
            let upcoming = Fixtures.event(at: here, startsAt: at.addingTimeInterval(600))
            let ended = Fixtures.event(at: here, startsAt: at.addingTimeInterval(-7200), lasting: 3600)
            for event in [older, newer, upcoming, ended] { _ = try await store.create(event, idempotencyKey: nil) }
            let (target, banned) = (UUID(), UUID())
            for user in [target, banned] {
                _ = try await store.admit(eventID: newer.id, userID: user, position: Fixtures.position(here), at: at)
            }
            for reporter in [UUID(), UUID()] {
                let report = Report(id: .v7(), eventID: newer.id, reporterID: reporter, targetID: target, reason: .spam, text: "", createdAt: at)
                _ = try await store.addReport(report, threshold: 5)
            }
            _ = try await store.ban(eventID: newer.id, userID: banned, by: newer.hostID, at: at)

            let first = try await store.liveEvents(at: at, page: PageRequest(size: 1))
            #expect(first.items.map(\.event.id) == [newer.id])
            #expect(first.items.first.map { ($0.reportCount, $0.banCount) } ?? (0, 0) == (2, 1))
            let second = try await store.liveEvents(at: at, page: PageRequest(size: 1, cursor: first.nextCursor))
            #expect(second.items.map(\.event.id) == [older.id])
            #expect(second.items.first.map { ($0.reportCount, $0.banCount) } ?? (9, 9) == (0, 0))
            if let cursor = second.nextCursor {
                #expect(try await store.liveEvents(at: at, page: PageRequest(size: 1, cursor: cursor)).items.isEmpty)
            }
        }
    }

    @Test(arguments: StoreKind.allCases)
    func reportsAreOnePerReporterAndTheThresholdBans(_ kind: StoreKind) async throws {
        try await kind.withStore { store in
            let here = Places.somewhere()
            let event = try await store.create(Fixtures.event(at: here), idempotencyKey: nil)
            let target = UUID()
            let now = Fixtures.now()
            _ = try await store.admit(eventID: event.id, userID: target, position: Fixtures.position(here), at: now)
            func report(by reporter: UUID) -> Report {
                Report(id: .v7(), eventID: event.id, reporterID: reporter, targetID: target, reason: .spam, text: "", createdAt: now)
            }
            let first = UUID()
            #expect(try await store.addReport(report(by: first), threshold: 3) == .recorded(distinctReporters: 1, banned: false))
            #expect(try await store.addReport(report(by: first), threshold: 3) == .duplicate)
            #expect(try await store.addReport(report(by: UUID()), threshold: 3) == .recorded(distinctReporters: 2, banned: false))
            #expect(try await store.addReport(report(by: UUID()), threshold: 3) == .recorded(distinctReporters: 3, banned: true))
            #expect(try await store.roles(of: target, in: [event.id]) == [event.id: .banned])
            #expect(try await store.event(id: event.id, at: now)?.memberCount == 1)
            let listed = try await store.reports(eventID: event.id, page: PageRequest(size: 2))
            #expect(listed.items.count == 2)
            let rest = try await store.reports(eventID: event.id, page: PageRequest(size: 2, cursor: listed.nextCursor))
            #expect(rest.items.count == 1)
            #expect((listed.items + rest.items).map(\.id) == (listed.items + rest.items).map(\.id).sorted { $0.uuidString > $1.uuidString })
        }
    }

    @Test(arguments: StoreKind.allCases)
    func membersArePagedOldestFirst(_ kind: StoreKind) async throws {
        try await kind.withStore { store in
            let here = Places.somewhere()
            let event = try await store.create(Fixtures.event(at: here), idempotencyKey: nil)
            for index in 1...4 {
                _ = try await store.admit(
                    eventID: event.id, userID: UUID(), position: Fixtures.position(here),
                    at: event.createdAt.addingTimeInterval(Double(index)))
            }
            let first = try await store.members(eventID: event.id, page: PageRequest(size: 3))
            let second = try await store.members(eventID: event.id, page: PageRequest(size: 3, cursor: first.nextCursor))
            #expect(first.items.first?.role == .host)
            #expect(first.items.count == 3 && second.items.count == 2 && second.nextCursor == nil)
            #expect(Set((first.items + second.items).map(\.userID)).count == 5)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func purgeDeletesEverythingAndWritesTheOutbox(_ kind: StoreKind) async throws {
        try await kind.withStore { store in
            let here = Places.somewhere()
            let now = Fixtures.now()
            let event = try await store.create(
                Fixtures.event(at: here, startsAt: now.addingTimeInterval(-3600), lasting: 1800),
                idempotencyKey: nil)
            #expect(try await store.event(id: event.id, at: now) == nil)
            #expect(try await store.endedEventIDs(at: now, limit: 10_000).contains(event.id))
            let ended = try await store.purge(eventID: event.id, at: now)
            #expect(ended?.hostID == event.hostID)
            #expect(ended?.formerMembers == [event.hostID])
            #expect(try await store.purge(eventID: event.id, at: now) == nil)
            #expect(try await !store.endedEventIDs(at: now, limit: 10_000).contains(event.id))
            #expect(try await store.memberIDs(eventID: event.id).isEmpty)

            let entry = try #require(try await store.due(at: now, limit: 10_000).first { $0.subjectID == event.id })
            #expect(entry.topic == .eventEnded)
            try await store.acknowledge(entry.id, by: "feed", at: now.addingTimeInterval(1.5))
            try await store.postpone(entry.id, until: now.addingTimeInterval(60))
            #expect(try await !store.due(at: now, limit: 10_000).contains { $0.id == entry.id })
            let later = try #require(try await store.due(at: now.addingTimeInterval(61), limit: 10_000).first { $0.id == entry.id })
            #expect(later.deliveredTo == ["feed"] && later.attempts == 1)
            #expect(later.nextAttemptAt.map { abs($0.timeIntervalSince(now) - 60) < 0.001 } == true)
            try await store.acknowledge(entry.id, by: "media", at: now.addingTimeInterval(61.25))
            try await store.complete(entry.id, at: now.addingTimeInterval(61.25))
            #expect(try await !store.due(at: now.addingTimeInterval(61), limit: 10_000).contains { $0.id == entry.id })

            // The completed entry stays as the receipt: who acknowledged, and when, to the millisecond.
            let receipt = try #require(try await store.entries(topic: .eventEnded, subject: event.id, limit: 10).first)
            #expect(receipt.id == entry.id && receipt.nextAttemptAt == nil && receipt.deliveredTo == ["feed", "media"])
            #expect(receipt.completedAt.map { abs($0.timeIntervalSince(now) - 61.25) < 0.001 } == true)
            #expect(receipt.acknowledgedAt["feed"].map { abs($0.timeIntervalSince(now) - 1.5) < 0.001 } == true)
            #expect(receipt.acknowledgedAt["media"].map { abs($0.timeIntervalSince(now) - 61.25) < 0.001 } == true)
            #expect(try await store.entries(topic: .eventEnded, subject: nil, limit: 10_000).contains { $0.id == entry.id })
            #expect(try await store.entries(topic: .userDeleted, subject: event.id, limit: 10).isEmpty)
            try await store.forgetCompleted(before: now.addingTimeInterval(61))
            #expect(try await store.entries(topic: .eventEnded, subject: event.id, limit: 10).count == 1)
            try await store.forgetCompleted(before: now.addingTimeInterval(62))
            #expect(try await store.entries(topic: .eventEnded, subject: event.id, limit: 10).isEmpty)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func updateSeesTheCurrentMemberCount(_ kind: StoreKind) async throws {
        try await kind.withStore { store in
            let here = Places.somewhere()
            let event = try await store.create(Fixtures.event(at: here), idempotencyKey: nil)
            let updated = try await store.update(id: event.id, at: Fixtures.now()) { event in
                event.capacity = 50
                event.tags = ["a", "b"]
                event.bannerMediaID = UUID()
            }
            #expect(try await store.event(id: event.id, at: Fixtures.now()) == updated)
            #expect(updated?.capacity == 50)
            await #expect(throws: RoamError.self) {
                _ = try await store.update(id: event.id, at: Fixtures.now()) { _ in throw EventsError.notHost }
            }
        }
    }
}
