import Foundation
import RoamRuntime
import RoamTesting
import Testing

@testable import Events

/// The rules of joining, presence and moderation, on the in-memory store with a hand-moved clock.
@Suite struct EventServiceTests {
    let clock = TestClock()
    let here = Places.somewhere()

    func make(_ policy: EventPolicy = EventPolicy()) -> (EventService, InMemoryEventStore, NotificationHub) {
        EventService.forTests(policy: policy, clock: clock)
    }

    func create(
        _ service: EventService, host: UUID = UUID(), capacity: Int = 10, radius: Double = 100,
        visibility: Event.Visibility = .public, password: String = ""
    ) async throws -> Event {
        try await service.create(
            EventDraft.fixture(
                name: "Picnic", center: here, radiusMeters: radius, capacity: capacity, lifetime: .seconds(3600),
                visibility: visibility, password: password), host: host, idempotencyKey: nil
        ).event
    }

    @Test func joiningNeedsToBeInsideAccurateEnoughAndNotBanned() async throws {
        let (service, _, _) = make()
        let event = try await create(service)
        let outside = Fixtures.position(here.moved(meters: 150, bearing: 0))
        #expect(
            await errorReason { _ = try await service.join(event.id, user: UUID(), at: outside, password: "", waitlistIfFull: false) }
                == "OUTSIDE_FENCE")
        let vague = Fixtures.position(here, accuracy: 500)
        #expect(
            await errorReason { _ = try await service.join(event.id, user: UUID(), at: vague, password: "", waitlistIfFull: false) }
                == "POSITION_TOO_INACCURATE")
        let user = UUID()
        #expect(try await service.join(event.id, user: user, at: Fixtures.position(here), password: "", waitlistIfFull: false).isJoined)
        guard case .alreadyMember = try await service.join(event.id, user: user, at: Fixtures.position(here), password: "", waitlistIfFull: false)
        else {
            Issue.record("joining twice was not harmless"); return
        }
        try await service.ban(user, from: event.id, host: event.hostID)
        #expect(
            await errorReason { _ = try await service.join(event.id, user: user, at: Fixtures.position(here), password: "", waitlistIfFull: false) }
                == "BANNED")
        #expect(await errorReason { _ = try await service.event(event.id, viewer: user) } == "BANNED")
    }

    /// A taken-down event: not found, listed or joined by anyone but its host; its members stop being
    /// active (so its posts and chat close); its host sees why; restoring brings it all back.
    @Test func aTakenDownEventIsGoneForAllButItsHost() async throws {
        let (service, _, _) = make()
        let event = try await create(service)
        let (member, newcomer) = (UUID(), UUID())
        #expect(try await service.join(event.id, user: member, at: Fixtures.position(here), password: "", waitlistIfFull: false).isJoined)
        let moderator = Moderator(userID: UUID(), roles: [.moderator], name: "user:mod")
        #expect(try await service.takeDown(event: event.id, reason: "Hate rally", by: moderator).takedown?.reason == "Hate rally")

        #expect(await errorReason { _ = try await service.event(event.id, viewer: member) } == "NOT_FOUND")
        #expect(
            await errorReason {
                _ = try await service.join(event.id, user: newcomer, at: Fixtures.position(here), password: "", waitlistIfFull: false)
            } == "NOT_FOUND")
        #expect(try await service.eventsNear(here, within: 1_000, viewer: member, page: PageRequest()).items.isEmpty)
        #expect(try await service.eventsHere(Fixtures.position(here), viewer: member, page: PageRequest()).items.isEmpty)
        #expect(try await service.eventsOf(member).isEmpty)
        #expect(try await service.membership(of: member, in: event.id).active == false, "its members are no longer active")
        #expect(try await service.event(event.id, viewer: event.hostID).event.takedown?.reason == "Hate rally", "its host sees why")
        #expect(try await service.membership(of: event.hostID, in: event.id).active)

        _ = try await service.restore(event: event.id, by: moderator)
        #expect(try await service.event(event.id, viewer: member).event.takedown == nil)
        #expect(try await service.membership(of: member, in: event.id).active)
    }

    /// While its host is suspended an event is gone for everyone else as a taken-down one is (its members
    /// inactive); the host still sees it; when the suspension ends it is back.
    @Test func aSuspendedHostsEventIsHiddenUntilTheSuspensionEnds() async throws {
        let suspended = SuspendedAccounts()
        let (service, _, _) = EventService.forTests(clock: clock, suspended: suspended)
        let event = try await create(service)
        let member = UUID()
        #expect(try await service.join(event.id, user: member, at: Fixtures.position(here), password: "", waitlistIfFull: false).isJoined)
        suspended.replace(with: [event.hostID: clock.now.addingTimeInterval(600)])
        #expect(await errorReason { _ = try await service.event(event.id, viewer: member) } == "NOT_FOUND")
        #expect(try await service.eventsNear(here, within: 1_000, viewer: member, page: PageRequest()).items.isEmpty)
        #expect(try await service.eventsHere(Fixtures.position(here), viewer: member, page: PageRequest()).items.isEmpty)
        #expect(try await service.membership(of: member, in: event.id).active == false)
        #expect(try await service.event(event.id, viewer: event.hostID).event.id == event.id)
        clock.advance(by: 601)
        #expect(try await service.event(event.id, viewer: member).event.id == event.id)
        #expect(try await service.membership(of: member, in: event.id).active)
    }

    @Test func theBannerIsAttachedThroughMediaWhichRefusesSomeoneElses() async throws {
        let media = InMemoryMediaAttachments()
        let service = EventService(
            events: InMemoryEventStore(), hasher: EventService.fastHasher, policy: EventPolicy(),
            notifications: NotificationHub(), media: media, now: { clock.now })
        let (host, other) = (UUID(), UUID())
        let (banner, newBanner, othersPicture) = (media.upload(for: host), media.upload(for: host), media.upload(for: other))
        func draft(_ banner: UUID) -> EventDraft {
            EventDraft.fixture(name: "Picnic", center: here, radiusMeters: 100, capacity: 10, lifetime: .seconds(3600), bannerMediaID: banner)
        }
        let refused = await #expect(throws: RoamError.self) { _ = try await service.create(draft(othersPicture), host: host, idempotencyKey: nil) }
        #expect(refused?.reason == "MEDIA_NOT_YOURS" && refused?.violations.map(\.field) == ["banner_media_id"])
        let event = try await service.create(draft(banner), host: host, idempotencyKey: nil).event
        let subject = "event/\(event.id.lowercasedString)"
        #expect(media.subjects(of: banner) == [subject])

        let stolen = await #expect(throws: RoamError.self) {
            _ = try await service.update(event.id, EventChanges.fixture(bannerMediaID: .some(othersPicture)), by: host)
        }
        #expect(stolen?.reason == "MEDIA_NOT_YOURS")
        #expect(try await service.event(event.id, viewer: host).event.bannerMediaID == banner)
        _ = try await service.update(event.id, EventChanges.fixture(bannerMediaID: .some(newBanner)), by: host)
        #expect(media.subjects(of: banner).isEmpty && media.subjects(of: newBanner) == [subject])
        _ = try await service.update(event.id, EventChanges.fixture(bannerMediaID: .some(nil)), by: host)
        #expect(media.subjects(of: newBanner).isEmpty)
    }

    @Test func anEventThatHasNotStartedCannotBeJoined() async throws {
        let (service, _, _) = make()
        let event = try await service.create(
            EventDraft.fixture(
                name: "Later", center: here, radiusMeters: 100, capacity: 5,
                startsAt: clock.now.addingTimeInterval(3600), lifetime: .seconds(3600)),
            host: UUID(), idempotencyKey: nil
        ).event
        #expect(
            await errorReason { _ = try await service.join(event.id, user: UUID(), at: Fixtures.position(here), password: "", waitlistIfFull: false) }
                == "EVENT_NOT_STARTED")
        #expect(try await service.eventsHere(Fixtures.position(here), viewer: UUID(), page: PageRequest()).items.isEmpty)
    }

    @Test func wrongPasswordsAreRefusedAndThenThrottled() async throws {
        var policy = EventPolicy()
        policy.passwordFailureLimit = 3
        let (service, _, _) = make(policy)
        let event = try await create(service, visibility: .private, password: "secret")
        let user = UUID()
        for _ in 0..<3 {
            #expect(
                await errorReason {
                    _ = try await service.join(event.id, user: user, at: Fixtures.position(here), password: "guess", waitlistIfFull: false)
                } == "WRONG_PASSWORD")
        }
        // Even the right password waits out the window once the limit is reached.
        #expect(
            await errorReason {
                _ = try await service.join(event.id, user: user, at: Fixtures.position(here), password: "secret", waitlistIfFull: false)
            } == "TOO_MANY_ATTEMPTS")
        clock.advance(by: 16 * 60)
        #expect(try await service.join(event.id, user: user, at: Fixtures.position(here), password: "secret", waitlistIfFull: false).isJoined)
    }

    @Test func aPrivateEventIsLockedToOutsiders() async throws {
        let (service, _, _) = make()
        let event = try await create(service, visibility: .private, password: "secret")
        let outsider = try await service.event(event.id, viewer: UUID())
        #expect(outsider.isLocked)
        let listing = try await service.eventsNear(here, within: 1000, viewer: UUID(), page: PageRequest()).items.first
        #expect(listing?.view.isLocked == true)
        #expect(try await service.event(event.id, viewer: event.hostID).isLocked == false)
    }

    @Test func aFullEventOffersItsWaitlistAndAdmitsTheFirstStillInside() async throws {
        let (service, _, hub) = make()
        let event = try await create(service, capacity: 2)
        let member = UUID()
        _ = try await service.join(event.id, user: member, at: Fixtures.position(here), password: "", waitlistIfFull: false)
        #expect(
            await errorReason { _ = try await service.join(event.id, user: UUID(), at: Fixtures.position(here), password: "", waitlistIfFull: false) }
                == "EVENT_FULL")
        let (wanderer, patient) = (UUID(), UUID())
        guard
            case .waitlisted(_, 1) = try await service.join(event.id, user: wanderer, at: Fixtures.position(here), password: "", waitlistIfFull: true),
            case .waitlisted(_, 2) = try await service.join(event.id, user: patient, at: Fixtures.position(here), password: "", waitlistIfFull: true)
        else {
            Issue.record("the waitlist did not take them in order"); return
        }
        // The first in line walks away; when a place frees, the second (still inside) gets it.
        _ = try await service.reportPosition(Fixtures.position(here.moved(meters: 2000, bearing: 0)), user: wanderer)
        let notifications = hub.subscribe(patient)
        try await service.leave(event.id, user: member)
        let roles = try await service.eventsOf(patient).map(\.viewerRole)
        #expect(roles == [.member])
        #expect(try await service.eventsOf(wanderer).map(\.viewerRole) == [.waitlisted])
        var iterator = notifications.makeAsyncIterator()
        #expect(await iterator.next()?.kind == .admitted)
    }

    @Test func movingOutRemovesAMemberWithTheReasonAndTellsTheHost() async throws {
        let (service, _, hub) = make()
        let event = try await create(service, radius: 200)
        let user = UUID()
        _ = try await service.join(event.id, user: user, at: Fixtures.position(here), password: "", waitlistIfFull: false)
        let hostStream = hub.subscribe(event.hostID)
        // Within the 20 m margin with an accuracy circle reaching back inside: stays.
        let edge = try await service.reportPosition(Fixtures.position(here.moved(meters: 210, bearing: 0), accuracy: 15), user: user)
        #expect(edge.left.isEmpty && edge.memberOf == [event.id])
        let gone = try await service.reportPosition(Fixtures.position(here.moved(meters: 300, bearing: 0)), user: user)
        #expect(gone.left == [Departure(eventID: event.id, reason: .leftFence)])
        var iterator = hostStream.makeAsyncIterator()
        let told = await iterator.next()
        #expect(told?.kind == .memberLeft && told?.userID == user && told?.reason == .leftFence)
        // The host never leaves their own event by walking.
        let host = try await service.reportPosition(Fixtures.position(here.moved(meters: 5000, bearing: 0)), user: event.hostID)
        #expect(host.left.isEmpty && host.memberOf == [event.id])
    }

    @Test func membersWhoStopReportingAreRemoved() async throws {
        let (service, store, _) = make()
        let event = try await create(service)
        let (quiet, chatty) = (UUID(), UUID())
        for user in [quiet, chatty] {
            _ = try await service.join(event.id, user: user, at: Fixtures.position(here), password: "", waitlistIfFull: false)
        }
        clock.advance(by: 20 * 60)
        _ = try await service.reportPosition(Fixtures.position(here), user: chatty)
        clock.advance(by: 11 * 60)
        #expect(try await service.removeSilentMembers() == 1)
        #expect(
            try await store.memberIDs(eventID: event.id).sorted { $0.uuidString < $1.uuidString }
                == [event.hostID, chatty].sorted { $0.uuidString < $1.uuidString })
    }

    @Test func reportsFromTheThresholdOfDistinctMembersBan() async throws {
        var policy = EventPolicy()
        policy.reportThreshold = 3
        let (service, _, _) = make(policy)
        let event = try await create(service)
        let target = UUID()
        let reporters = [UUID(), UUID(), UUID()]
        for user in [target] + reporters {
            _ = try await service.join(event.id, user: user, at: Fixtures.position(here), password: "", waitlistIfFull: false)
        }
        #expect(try await service.report(target, in: event.id, by: reporters[0], reason: .spam, text: "").targetBanned == false)
        #expect(
            await errorReason { _ = try await service.report(target, in: event.id, by: reporters[0], reason: .spam, text: "") } == "ALREADY_REPORTED")
        #expect(
            await errorReason { _ = try await service.report(event.hostID, in: event.id, by: reporters[0], reason: .spam, text: "") }
                == "HOST_PROTECTED")
        #expect(await errorReason { _ = try await service.report(target, in: event.id, by: UUID(), reason: .spam, text: "") } == "PERMISSION_DENIED")
        #expect(
            await errorReason { _ = try await service.report(target, in: event.id, by: reporters[1], reason: .other, text: " ") } == "INVALID_FIELD")
        #expect(try await service.report(target, in: event.id, by: reporters[1], reason: .other, text: "rude").targetBanned == false)
        #expect(try await service.report(target, in: event.id, by: reporters[2], reason: .harassment, text: "").targetBanned)
        #expect(try await service.reports(of: event.id, host: event.hostID, page: PageRequest()).items.count == 3)
        #expect(await errorReason { _ = try await service.reports(of: event.id, host: reporters[0], page: PageRequest()) } == "PERMISSION_DENIED")
        #expect(try await service.membership(of: target, in: event.id).role == .banned)
    }

    @Test func theHostCannotBeBannedAndCapacityCannotDropBelowTheMembers() async throws {
        let (service, _, _) = make()
        let event = try await create(service, capacity: 5)
        #expect(await errorReason { try await service.ban(event.hostID, from: event.id, host: event.hostID) } == "HOST_PROTECTED")
        for _ in 0..<3 {
            _ = try await service.join(event.id, user: UUID(), at: Fixtures.position(here), password: "", waitlistIfFull: false)
        }
        #expect(
            await errorReason { _ = try await service.update(event.id, EventChanges.fixture(capacity: 3), by: event.hostID) }
                == "CAPACITY_BELOW_MEMBERS")
        #expect(try await service.update(event.id, EventChanges.fixture(capacity: 4), by: event.hostID).event.capacity == 4)
        #expect(
            await errorReason { _ = try await service.update(event.id, EventChanges.fixture(visibility: .private), by: event.hostID) }
                == "INVALID_FIELD")
        #expect(await errorReason { _ = try await service.update(event.id, EventChanges.fixture(name: "Mine"), by: UUID()) } == "PERMISSION_DENIED")
        let locked = try await service.update(event.id, EventChanges.fixture(visibility: .private, password: "hush"), by: event.hostID)
        #expect(locked.event.visibility == .private && locked.event.passwordHash != nil)
    }

    @Test func anEndedEventLeavesDiscoveryAtOnceAndIsPurgedWithNotice() async throws {
        let (service, store, hub) = make()
        let event = try await create(service)
        let member = UUID()
        _ = try await service.join(event.id, user: member, at: Fixtures.position(here), password: "", waitlistIfFull: false)
        let stream = hub.subscribe(member)
        clock.advance(by: 3601)
        #expect(try await service.eventsNear(here, within: 1000, viewer: member, page: PageRequest()).items.isEmpty)
        #expect(await errorReason { _ = try await service.event(event.id, viewer: member) } == "NOT_FOUND")
        #expect(try await service.endExpiredEvents() == 1)
        var iterator = stream.makeAsyncIterator()
        #expect(await iterator.next()?.kind == .eventEnded)
        #expect(try await store.due(at: clock.now, limit: 10).map(\.subjectID) == [event.id])
        #expect(try await service.endExpiredEvents() == 0)
    }

    @Test func theHostDeletingAnEventGoesTheSameWay() async throws {
        let (service, store, _) = make()
        let event = try await create(service)
        #expect(
            await errorReason { try await service.delete(event.id, by: UUID()) } == "NOT_FOUND",
            "as under every delete, not the host's event is not found")
        try await service.delete(event.id, by: event.hostID)
        #expect(try await store.due(at: clock.now, limit: 10).map(\.subjectID) == [event.id])
        #expect(await errorReason { _ = try await service.event(event.id, viewer: event.hostID) } == "NOT_FOUND")
    }

    @Test func creatingWithTheSameIdempotencyKeyReturnsTheSameEvent() async throws {
        let (service, _, _) = make()
        let host = UUID()
        let draft = EventDraft.fixture(name: "Picnic", center: here, radiusMeters: 100, capacity: 5, lifetime: .seconds(3600))
        let first = try await service.create(draft, host: host, idempotencyKey: "abc")
        let second = try await service.create(draft, host: host, idempotencyKey: "abc")
        let other = try await service.create(draft, host: UUID(), idempotencyKey: "abc")
        #expect(first.event.id == second.event.id)
        #expect(other.event.id != first.event.id)
    }
}

extension JoinOutcome {
    var isJoined: Bool {
        if case .joined = self { return true }
        return false
    }
}
