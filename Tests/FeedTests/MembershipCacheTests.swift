import Foundation
import Synchronization
import Testing

@testable import Feed

@Suite struct MembershipCacheTests {
    /// Answers from a table, counts the questions, and can hold one answer back until released.
    final class CountingMembership: EventMembership {
        let members = Mutex<Set<UUID>>([])
        let asked = Mutex(0)
        let gate = Mutex<CheckedContinuation<Void, Never>?>(nil)
        let holding = Mutex(false)

        func status(of user: UUID, in event: UUID) async throws -> MembershipStatus {
            asked.withLock { $0 += 1 }
            let active = members.withLock { $0.contains(user) }
            if holding.withLock({ $0 }) { await withCheckedContinuation { continuation in gate.withLock { $0 = continuation } } }
            return MembershipStatus(active: active, isHost: false)
        }

        func release() async {
            while gate.withLock({ $0 }) == nil { await Task.yield() }
            gate.withLock {
                $0?.resume(); $0 = nil
            }
        }
    }

    @Test func nothingIsKeptWhileTheDeparturesStreamIsClosed() async throws {
        let source = CountingMembership()
        let (user, event) = (UUID(), UUID())
        source.members.withLock { _ = $0.insert(user) }
        let cache = MembershipCache(source)
        for _ in 0..<3 { #expect(try await cache.status(of: user, in: event).active) }
        #expect(source.asked.withLock { $0 } == 3)
        cache.startWatching()
        cache.stopWatching()
        _ = try await cache.status(of: user, in: event)
        #expect(source.asked.withLock { $0 } == 4)
    }

    @Test func aMemberIsAskedOnceAndForgottenWhenTheyDepart() async throws {
        let source = CountingMembership()
        let (user, event) = (UUID(), UUID())
        source.members.withLock { _ = $0.insert(user) }
        let cache = MembershipCache(source)
        cache.startWatching()
        for _ in 0..<5 { #expect(try await cache.status(of: user, in: event).active) }
        #expect(source.asked.withLock { $0 } == 1)

        source.members.withLock { $0.removeAll() }
        cache.departed(user, from: event)
        #expect(try await cache.status(of: user, in: event).active == false)
        #expect(source.asked.withLock { $0 } == 2)
    }

    @Test func aNoIsNeverKeptSoSomeoneWhoJoinsIsInAtOnce() async throws {
        let source = CountingMembership()
        let (user, event) = (UUID(), UUID())
        let cache = MembershipCache(source)
        cache.startWatching()
        #expect(try await cache.status(of: user, in: event).active == false)
        source.members.withLock { _ = $0.insert(user) }
        #expect(try await cache.status(of: user, in: event).active)
    }

    @Test func anEndedEventForgetsEveryMember() async throws {
        let source = CountingMembership()
        let (ana, ben, event, other) = (UUID(), UUID(), UUID(), UUID())
        source.members.withLock { $0 = [ana, ben] }
        let cache = MembershipCache(source)
        cache.startWatching()
        for user in [ana, ben] {
            _ = try await cache.status(of: user, in: event)
            _ = try await cache.status(of: user, in: other)
        }
        #expect(source.asked.withLock { $0 } == 4)
        cache.ended(event)
        for user in [ana, ben] {
            _ = try await cache.status(of: user, in: event)
            _ = try await cache.status(of: user, in: other)
        }
        #expect(source.asked.withLock { $0 } == 6, "only the ended event's members are asked again")
    }

    @Test func anAnswerOnItsWayWhenADepartureArrivesIsNotKept() async throws {
        let source = CountingMembership()
        let (user, event) = (UUID(), UUID())
        source.members.withLock { _ = $0.insert(user) }
        let cache = MembershipCache(source)
        cache.startWatching()
        source.holding.withLock { $0 = true }
        // Asked while a member; banned before the answer arrives.
        let answer = Task { try await cache.status(of: user, in: event) }
        while source.gate.withLock({ $0 }) == nil { await Task.yield() }
        source.members.withLock { $0.removeAll() }
        cache.departed(user, from: event)
        await source.release()
        #expect(try await answer.value.active, "the answer as it was asked")
        source.holding.withLock { $0 = false }
        #expect(try await cache.status(of: user, in: event).active == false, "but not remembered past the ban")
        #expect(source.asked.withLock { $0 } == 2)
    }
}
