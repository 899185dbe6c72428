import Foundation
import Testing

@testable import RoamRuntime

@Suite struct VerifiedTokenCacheTests {
    let caller = Caller.user(AuthenticatedUser(id: UUID(), sessionID: nil, emailVerified: true))

    @Test func answersOnlyForTheSameTokenUntilItExpires() {
        let cache = VerifiedTokenCache()
        let now = Date()
        cache.remember(caller, for: "token-a", until: now.addingTimeInterval(60), keyID: "k", now: now)
        #expect(cache.caller(for: "token-a", now: now)?.caller == caller)
        #expect(cache.caller(for: "token-b", now: now) == nil)
        #expect(cache.caller(for: "token-a", now: now.addingTimeInterval(61)) == nil)
    }

    @Test func staysWithinItsCapacity() {
        let cache = VerifiedTokenCache(capacity: 3)
        let now = Date()
        for index in 0..<3 { cache.remember(caller, for: "live-\(index)", until: now.addingTimeInterval(60), keyID: "k", now: now) }
        cache.remember(caller, for: "newest", until: now.addingTimeInterval(60), keyID: "k", now: now)
        #expect(cache.caller(for: "newest", now: now)?.caller == caller)
        #expect(cache.caller(for: "live-0", now: now) == nil)
    }
}
