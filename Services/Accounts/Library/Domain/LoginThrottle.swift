import Foundation
import RoamCore

/// Whether a log-in may be tried now. Failures are counted for the account and address together, so
/// guessing one account slows down only where the guesses come from: the owner signing in from an
/// address with no recent failures on that account is never refused, however many there are elsewhere,
/// and a busy address (a campus, a carrier's NAT) does not stop its other users.
///
/// - The pair's first `freeFailures` failures cost nothing; each one after doubles the wait before the
///   next attempt (2 s, 4 s, 8 s … up to the window, after which the failures are forgotten).
/// - An account with `accountLimit` failures in the window, from anywhere, gives an address that already
///   failed on it no free failures: distributed guessing gets one try per address, then waits that grow.
/// - An address with `addressLimit` failures in the window, on any accounts, gets one free failure per
///   account: spraying from one address slows down without refusing anyone who types their password right
///   the first time.
struct LoginThrottle: Sendable {
    /// As the attempts repository counts them.
    typealias Failures = (count: Int, latest: Date?)

    var freeFailures: Int
    var accountLimit: Int
    var addressLimit: Int
    var window: Duration

    init(policy: AccountPolicy) {
        freeFailures = policy.freeLoginFailures
        accountLimit = policy.failedLoginLimitPerAccount
        addressLimit = policy.failedLoginLimitPerAddress
        window = policy.failedLoginWindow
    }

    /// How long to wait before this account may be tried from this address, or nil for now.
    func wait(pair: Failures, account: Failures, address: Failures, now: Date) -> Duration? {
        var free = freeFailures
        if address.count >= addressLimit { free = min(free, 1) }
        if account.count >= accountLimit { free = 0 }
        guard let latest = pair.latest, pair.count > free else { return nil }
        let until = latest.adding(Self.delay(afterExcess: pair.count - free, cap: window))
        guard until > now else { return nil }
        return .seconds(max(1, Int(until.timeIntervalSince(now).rounded(.up))))
    }

    /// 2^excess seconds, at most `cap`.
    static func delay(afterExcess excess: Int, cap: Duration) -> Duration {
        excess >= 20 ? cap : min(.seconds(1 << excess), cap)
    }
}
