import Foundation
import RoamRuntime
import RoamTesting
import Testing

@testable import Events

/// What both stores keep for group walks: the walk and its privacy on the event, no fence rules for its
/// members, invitations, and which members share their position.
@Suite struct GroupWalkRepositoryContractTests {
    static func groupWalk(at center: GeoPoint, privacy: GroupWalkPrivacy, startsAt: Date = Fixtures.now().addingTimeInterval(-60)) -> Event {
        var event = Fixtures.event(at: center, startsAt: startsAt)
        event.groupWalk = GroupWalk(walkID: UUID(), privacy: privacy)
        return event
    }

    @Test(arguments: StoreKind.allCases)
    func aGroupWalkKeepsItsRouteAndPrivacyAndIsNeverAnEventYouStandIn(_ kind: StoreKind) async throws {
        try await kind.withStore { store in
            let here = Places.somewhere(), now = Fixtures.now()
            let open = try await store.create(Self.groupWalk(at: here, privacy: .everyone), idempotencyKey: nil)
            let friends = try await store.create(Self.groupWalk(at: here.moved(meters: 10, bearing: 0), privacy: .friends), idempotencyKey: nil)
            let fenced = try await store.create(Fixtures.event(at: here.moved(meters: 20, bearing: 0)), idempotencyKey: nil)
            #expect(try await store.event(id: open.id, at: now)?.groupWalk == open.groupWalk)
            #expect(try await store.eventsContaining(here, at: now, page: PageRequest()).items.map(\.event.id) == [fenced.id])
            let map = try await store.eventsNear(here, within: 1_000, at: now, page: PageRequest()).items.map(\.event.id)
            #expect(map == [open.id, fenced.id], "a friends' walk is not on the map")

            // Its members are not held by the fence, nor removed for not reporting where they are.
            let walker = UUID()
            _ = try await store.admit(eventID: friends.id, userID: walker, position: Fixtures.position(here), at: now)
            #expect(try await store.presences(of: walker, at: now).map(\.isGroupWalk) == [true])
            #expect(
                try await store.staleMembers(lastSeenBefore: now.addingTimeInterval(3600), at: now, limit: 10_000)
                    .allSatisfy { $0.eventID != friends.id })
        }
    }

    @Test(arguments: StoreKind.allCases)
    func invitationsAreKeptOnceAnsweredAndListedNewestFirst(_ kind: StoreKind) async throws {
        try await kind.withStore { store in
            let now = Fixtures.now()
            let first = try await store.create(Self.groupWalk(at: Places.somewhere(), privacy: .invited), idempotencyKey: nil)
            let second = try await store.create(Self.groupWalk(at: Places.somewhere(), privacy: .invited), idempotencyKey: nil)
            let (ana, bo) = (UUID(), UUID())
            #expect(Set(try await store.invite([ana, bo, ana], to: first.id, by: first.hostID, at: now)) == [ana, bo])
            #expect(try await store.invite([ana], to: first.id, by: first.hostID, at: now).isEmpty, "once")
            #expect(try await store.invite([ana], to: UUID(), by: first.hostID, at: now).isEmpty, "no such event")
            _ = try await store.invite([ana], to: second.id, by: second.hostID, at: now.addingTimeInterval(1))
            #expect(try await store.invitation(of: ana, to: first.id)?.state == .pending)
            #expect(try await store.invitations(of: ana, at: now).map(\.event.id) == [second.id, first.id])
            let declined = try await store.respond(to: first.id, user: ana, accepted: false, at: now.addingTimeInterval(5))
            #expect(declined?.state == .declined && declined?.respondedAt == now.addingTimeInterval(5))
            #expect(try await store.respond(to: first.id, user: ana, accepted: true, at: now)?.state == .accepted, "an answer can change")
            #expect(try await store.respond(to: first.id, user: UUID(), accepted: true, at: now) == nil)
            _ = try await store.purge(eventID: first.id, at: now)
            #expect(try await store.invitation(of: bo, to: first.id) == nil, "invitations end with the walk")
            #expect(try await store.invitations(of: ana, at: now).map(\.event.id) == [second.id])
        }
    }

    @Test(arguments: StoreKind.allCases)
    func onlyMembersShareAndOnlyPositionsFromTheWindowAreShown(_ kind: StoreKind) async throws {
        try await kind.withStore { store in
            let here = Places.somewhere(), now = Fixtures.now()
            let walk = try await store.create(Self.groupWalk(at: here, privacy: .everyone, startsAt: now), idempotencyKey: nil)
            let (ana, bo, stranger) = (UUID(), UUID(), UUID())
            for (index, user) in [ana, bo].enumerated() {
                _ = try await store.admit(
                    eventID: walk.id, userID: user, position: Fixtures.position(here), at: now.addingTimeInterval(Double(index)))
            }
            #expect(try await store.setSharing(true, eventID: walk.id, userID: ana))
            #expect(try await store.setSharing(true, eventID: walk.id, userID: bo))
            #expect(try await !store.setSharing(true, eventID: walk.id, userID: stranger), "not a member")
            // Bo's position is from before the walk started: not shown.
            try await store.recordPosition(userID: bo, position: Fixtures.position(here), at: now.addingTimeInterval(-30))
            let there = here.moved(meters: 200, bearing: 45)
            try await store.recordPosition(userID: ana, position: Fixtures.position(there, accuracy: 8), at: now.addingTimeInterval(30))
            let shared = try await store.sharers(of: walk.id, since: now)
            #expect(shared.map(\.userID) == [ana, bo])
            #expect(
                shared[0].position == SharedPosition(userID: ana, position: Fixtures.position(there, accuracy: 8), at: now.addingTimeInterval(30)))
            #expect(shared[1].position == nil)
            #expect(try await store.setSharing(false, eventID: walk.id, userID: bo))
            #expect(try await store.sharers(of: walk.id, since: now).map(\.userID) == [ana])
            _ = try await store.remove(eventID: walk.id, userID: ana, reason: .left, at: now)
            #expect(try await store.sharers(of: walk.id, since: now).isEmpty, "a member who left shares nothing")
        }
    }

    @Test(arguments: StoreKind.allCases)
    func theHostsOfTheGroupWalksAUserBelongsToFollowingAWalkAreThoseNotEnded(_ kind: StoreKind) async throws {
        try await kind.withStore { store in
            let here = Places.somewhere(), now = Fixtures.now()
            let route = UUID()
            var first = Self.groupWalk(at: here, privacy: .invited)
            first.groupWalk?.walkID = route
            var second = Self.groupWalk(at: here, privacy: .everyone, startsAt: now.addingTimeInterval(600))
            second.groupWalk?.walkID = route
            let other = try await store.create(Self.groupWalk(at: here, privacy: .everyone), idempotencyKey: nil)
            first = try await store.create(first, idempotencyKey: nil)
            second = try await store.create(second, idempotencyKey: nil)
            let (ana, stranger) = (UUID(), UUID())
            for event in [first, second, other] {
                _ = try await store.admit(eventID: event.id, userID: ana, position: Fixtures.position(here), at: now)
            }
            #expect(
                Set(try await store.groupWalkHosts(following: route, member: ana, at: now)) == [first.hostID, second.hostID],
                "one not started yet counts; a walk along another route does not")
            #expect(try await store.groupWalkHosts(following: route, member: first.hostID, at: now) == [first.hostID], "a host belongs to it")
            #expect(try await store.groupWalkHosts(following: route, member: stranger, at: now).isEmpty)
            _ = try await store.remove(eventID: second.id, userID: ana, reason: .left, at: now)
            #expect(try await store.groupWalkHosts(following: route, member: ana, at: now) == [first.hostID], "not after leaving")
            #expect(try await store.groupWalkHosts(following: route, member: ana, at: first.endsAt).isEmpty, "nor once it ended")
        }
    }
}
