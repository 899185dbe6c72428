import Foundation
import RoamCore
import RoamRuntime
import RoamTesting
import Testing

@testable import Events

/// Group walks' rules on the in-memory store with a hand-moved clock: each privacy level, invitations
/// on the notification stream, and positions seen by the sharers only while the walk is on.
@Suite struct GroupWalkServiceTests {
    let clock = TestClock()
    let here = Places.somewhere()
    let graph = FakeSocialGraph()

    struct Routes: WalkRoutes {
        let visible: Set<UUID>
        func isVisible(_ walk: UUID, to user: UUID) async throws -> Bool { visible.contains(walk) }
    }

    func make(routes: Set<UUID> = []) -> (EventService, NotificationHub) {
        let hub = NotificationHub()
        return (
            EventService(
                events: InMemoryEventStore(), hasher: EventService.fastHasher, policy: EventPolicy(), notifications: hub,
                graph: graph, routes: Routes(visible: routes), now: { [clock] in clock.now }), hub
        )
    }

    /// A group walk starting in ten minutes, for an hour.
    func walk(_ service: EventService, host: UUID, privacy: GroupWalkPrivacy, route: UUID, capacity: Int = 10) async throws -> Event {
        try await service.create(
            EventDraft.fixture(
                name: "Sunset walk", center: here, radiusMeters: 100, capacity: capacity,
                startsAt: clock.now.addingTimeInterval(600), lifetime: .seconds(3600),
                groupWalk: GroupWalk(walkID: route, privacy: privacy)), host: host, idempotencyKey: nil
        ).event
    }

    @Test func aGroupWalkFollowsAWalkTheHostMaySeeAndIsJoinedBeforeItStartsWithoutAFence() async throws {
        let route = UUID()
        let (service, _) = make(routes: [route])
        let host = UUID()
        await #expect(throws: RoamError.invalidField("group_walk.walk_id", "must be a walk you may see (yours, or a posted one)")) {
            _ = try await walk(service, host: host, privacy: .everyone, route: UUID())
        }
        let event = try await walk(service, host: host, privacy: .everyone, route: route)
        #expect(event.groupWalk == GroupWalk(walkID: route, privacy: .everyone))
        // Far from the meeting point, before the start, without a position: in.
        #expect(try await service.join(event.id, user: UUID(), at: nil, password: "", waitlistIfFull: false).isJoined)
        let far = Fixtures.position(here.moved(meters: 20_000, bearing: 0), accuracy: 900)
        #expect(try await service.join(event.id, user: UUID(), at: far, password: "", waitlistIfFull: false).isJoined)
        // An event with a fence still needs a position.
        let fenced = try await service.create(
            EventDraft.fixture(name: "Picnic", center: here, radiusMeters: 100, capacity: 10, lifetime: .seconds(3600)),
            host: host, idempotencyKey: nil
        ).event
        await #expect(throws: RoamError.invalidField("position", "is required")) {
            _ = try await service.join(fenced.id, user: UUID(), at: nil, password: "", waitlistIfFull: false)
        }
        var locking = EventChanges.fixture()
        locking.visibility = .private
        locking.password = "secret"
        await #expect(throws: RoamError.invalidField("visibility", "a group walk is public; its privacy says who may join")) {
            _ = try await service.update(event.id, locking, by: host)
        }
        await #expect(throws: RoamError.self) {
            _ = try await service.create(
                EventDraft.fixture(
                    name: "Locked", center: here, radiusMeters: 100, capacity: 10, lifetime: .seconds(3600),
                    visibility: .private, password: "secret", groupWalk: GroupWalk(walkID: route, privacy: .everyone)),
                host: host, idempotencyKey: nil)
        }
    }

    @Test func friendsMeansFollowingEachOtherAndInvitedMeansInvited() async throws {
        let route = UUID()
        let (service, hub) = make(routes: [route])
        let (host, friend, fan, stranger) = (UUID(), UUID(), UUID(), UUID())
        graph.follow(friend, host)
        graph.follow(host, friend)
        graph.follow(fan, host)
        let friends = try await walk(service, host: host, privacy: .friends, route: route)
        #expect(try await service.join(friends.id, user: friend, at: nil, password: "", waitlistIfFull: false).isJoined)
        #expect(
            await errorReason { _ = try await service.join(friends.id, user: fan, at: nil, password: "", waitlistIfFull: false) } == "FRIENDS_ONLY",
            "following the host is not enough")
        // An invitation the join would refuse is refused at once, naming the field; a friend's goes out.
        let refused = await #expect(throws: RoamError.self) { _ = try await service.invite([friend, fan], to: friends.id, host: host) }
        #expect(refused?.reason == "FRIENDS_ONLY" && refused?.kind == .failedPrecondition && refused?.violations.map(\.field) == ["user_ids"])
        #expect(refused?.message.contains(fan.lowercasedString) == true && refused?.message.contains(friend.lowercasedString) == false)
        #expect(try await service.invite([friend], to: friends.id, host: host) == [friend])

        let invited = try await walk(service, host: host, privacy: .invited, route: route)
        #expect(
            await errorReason { _ = try await service.join(invited.id, user: stranger, at: nil, password: "", waitlistIfFull: false) }
                == "INVITATION_REQUIRED")
        let inbox = hub.subscribe(stranger)
        #expect(try await service.invite([stranger, host, stranger], to: invited.id, host: host) == [stranger], "once, and never the host")
        #expect(await errorReason { _ = try await service.invite([fan], to: invited.id, host: friend) } == "NOT_FOUND", "only the host invites")
        #expect(await errorReason { _ = try await service.invite([fan], to: UUID(), host: host) } == "NOT_FOUND")
        var received = inbox.makeAsyncIterator()
        let note = await received.next()
        #expect(note?.kind == .invited && note?.eventID == invited.id && note?.userID == host)
        #expect(try await service.invitations(of: stranger).map(\.invitation.state) == [.pending])
        // Declining, then accepting after all: in.
        #expect(try await service.respond(to: invited.id, user: stranger, accept: false) == nil)
        #expect(try await service.invitations(of: stranger).map(\.invitation.state) == [.declined])
        #expect(try await service.respond(to: invited.id, user: stranger, accept: true)?.isJoined == true)
        #expect(try await service.invitations(of: stranger).first?.event.viewerRole == .member)
        #expect(await errorReason { _ = try await service.respond(to: invited.id, user: fan, accept: true) } == "NOT_FOUND", "not invited")
        // A join that fails (full, no waitlist) leaves the invitation pending.
        let small = try await walk(service, host: host, privacy: .invited, route: route, capacity: 2)
        _ = try await service.invite([fan, friend], to: small.id, host: host)
        #expect(try await service.join(small.id, user: fan, at: nil, password: "", waitlistIfFull: false).isJoined)
        #expect(
            await errorReason { _ = try await service.join(small.id, user: friend, at: nil, password: "", waitlistIfFull: false) } == "EVENT_FULL")
        #expect(try await service.invitations(of: friend).first { $0.event.event.id == small.id }?.invitation.state == .pending)
        #expect(try await service.invitations(of: fan).first { $0.event.event.id == small.id }?.invitation.state == .accepted)
        let notAWalk = try await service.create(
            EventDraft.fixture(name: "Picnic", center: here, radiusMeters: 100, capacity: 10, lifetime: .seconds(3600)),
            host: host, idempotencyKey: nil
        ).event
        #expect(await errorReason { _ = try await service.invite([fan], to: notAWalk.id, host: host) } == "NOT_A_GROUP_WALK")
    }

    @Test func sharersSeeEachOthersPositionsOnlyWhileTheWalkIsOnAndOnlyThoseSentAfterOptingIn() async throws {
        let route = UUID()
        let (service, hub) = make(routes: [route])
        let (host, ana, bo, cy) = (UUID(), UUID(), UUID(), UUID())
        let event = try await walk(service, host: host, privacy: .everyone, route: route)
        for user in [ana, bo, cy] {
            _ = try await service.join(event.id, user: user, at: Fixtures.position(here), password: "", waitlistIfFull: false)
            clock.advance(by: 1)
        }
        #expect(try await service.setSharing(true, eventID: event.id, user: ana))
        #expect(try await service.setSharing(true, eventID: event.id, user: bo))
        #expect(await errorReason { _ = try await service.setSharing(true, eventID: event.id, user: UUID()) } == "PERMISSION_DENIED")
        #expect(await errorReason { _ = try await service.positions(of: event.id, reader: ana) } == "WALK_NOT_LIVE", "not before the start")
        #expect(await errorReason { _ = try await service.positions(of: event.id, reader: cy) } == "NOT_SHARING")

        clock.advance(by: 700)
        let boInbox = hub.subscribe(bo), cyInbox = hub.subscribe(cy)
        let along = Fixtures.position(here.moved(meters: 3_000, bearing: 90))
        let update = try await service.reportPosition(along, user: ana)
        #expect(update.left.isEmpty, "three kilometres from the meeting point and still a member")
        var boNotes = boInbox.makeAsyncIterator()
        let shared = await boNotes.next()
        #expect(shared?.kind == .positionShared && shared?.userID == ana && shared?.position == along)
        let positions = try await service.positions(of: event.id, reader: bo)
        #expect(positions.map(\.userID) == [ana, bo])
        #expect(positions[0].position?.position == along && positions[1].position == nil, "Bo's joining position is not shared")

        // Cy never shared: heard nothing. After the end: nothing at all.
        _ = try await service.reportPosition(along, user: cy)
        var cyNotes = cyInbox.makeAsyncIterator()
        _ = try await service.reportPosition(Fixtures.position(here), user: bo)
        hub.finishAll()
        #expect(await cyNotes.next() == nil)
        clock.advance(by: 3_600)
        #expect(await errorReason { _ = try await service.positions(of: event.id, reader: bo) } == "NOT_FOUND")
    }
}
