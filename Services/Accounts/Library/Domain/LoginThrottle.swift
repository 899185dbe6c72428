import Foundation
import RoamCore

/// Whether a log-in may be tried now. Failures count three ways, each with waits that double from 2 s up
/// to the window (after which they are forgotten):
///
/// - **The account from one network** (or from one known device): its first `freeFailures` cost
///   nothing, so the owner's typos never wait.
/// - **The network, on any accounts** (an IPv6 client by its /64): past `networkLimit` failures every
///   attempt from it waits, so spraying one password at many accounts slows down.
/// - **The account, from anywhere** (named by address or username alike): past `accountLimit` failures
///   every attempt on it waits, so guessing from many networks slows down too.
///
/// A **known device** (one the account signed in from, showing the token it was given) meets only its
/// own count: guessing elsewhere never locks the owner out of their phone, and a password reset by mail
/// forgets the account's count.
struct LoginThrottle: Sendable {
    /// As the attempts repository counts them.
    typealias Failures = (count: Int, latest: Date?)

    var freeFailures: Int
    var accountLimit: Int
    var networkLimit: Int
    var window: Duration

    init(policy: AccountPolicy) {
        freeFailures = policy.freeLoginFailures
        accountLimit = policy.failedLoginLimitPerAccount
        networkLimit = policy.failedLoginLimitPerAddress
        window = policy.failedLoginWindow
    }

    /// How long to wait before this account may be tried from here, or nil for now.
    func wait(pair: Failures, account: Failures, network: Failures, knownDevice: Bool, now: Date) -> Duration? {
        var waits = [until(pair, after: freeFailures)]
        if !knownDevice {
            waits += [until(account, after: accountLimit), until(network, after: networkLimit)]
        }
        guard let until = waits.compactMap({ $0 }).max(), until > now else { return nil }
        return .seconds(max(1, Int(until.timeIntervalSince(now).rounded(.up))))
    }

    /// When the next attempt may come, counting `failures` past the first `free`.
    private func until(_ failures: Failures, after free: Int) -> Date? {
        guard let latest = failures.latest, failures.count > free else { return nil }
        return latest.adding(Self.delay(afterExcess: failures.count - free, cap: window))
    }

    /// 2^excess seconds, at most `cap`.
    static func delay(afterExcess excess: Int, cap: Duration) -> Duration {
        excess >= 20 ? cap : min(.seconds(1 << excess), cap)
    }
}
