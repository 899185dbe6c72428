import Foundation
import GRPCCore
import RoamProto
import RoamRuntime
import RoamTesting
import Testing

@testable import Accounts

/// Guessing is slowed where it comes from (an account from one network, a network on any accounts, an
/// account from anywhere), and never holds back the owner on a device the account signed in from.
@Suite struct LoginThrottleTests {
    static let password = "correct horse battery"

    static func logIn(
        _ client: AccountsClient, _ identifier: String, _ password: String, from address: String, device: String = ""
    ) async -> RPCError? {
        var metadata = Metadata()
        metadata.addString(address, forKey: RoamMetadataKey.clientAddress)
        return await AccountsHarness.refusal {
            try await client.logIn(
                .with {
                    $0.identifier = identifier; $0.password = password; $0.deviceToken = device
                }, metadata: metadata)
        }
    }

    /// The wait a TOO_MANY_ATTEMPTS refusal names, in seconds.
    static func retryDelay(_ error: RPCError?) -> Duration? {
        guard let error, error.code == .resourceExhausted, error.reason == "TOO_MANY_ATTEMPTS" else { return nil }
        return (try? error.unpackGoogleRPCStatus())?.details.compactMap(\.retryInfo).first?.delay
    }

    @Test func guessesFromOneAddressWaitLongerEachTimeAndTheOwnerElsewhereIsNeverRefused() async throws {
        let clock = TestClock()
        try await AccountsHarness.run(now: { clock.now }) { client, _ in
            let ana = try await AccountsHarness.signUp(client, name: "ana").account.profile.username
            // Five free failures, as before.
            for _ in 0..<5 {
                #expect(await Self.logIn(client, ana, "wrong password!", from: "203.0.113.7")?.reason == "INVALID_CREDENTIALS")
            }
            // The sixth is heard, then the next waits 2 s, then 4 s: even the right password, from there.
            #expect(await Self.logIn(client, ana, "wrong password!", from: "203.0.113.7")?.reason == "INVALID_CREDENTIALS")
            #expect(Self.retryDelay(await Self.logIn(client, ana, Self.password, from: "203.0.113.7")) == .seconds(2))
            clock.advance(by: 2)
            #expect(await Self.logIn(client, ana, "wrong password!", from: "203.0.113.7")?.reason == "INVALID_CREDENTIALS")
            #expect(Self.retryDelay(await Self.logIn(client, ana, "wrong password!", from: "203.0.113.7")) == .seconds(4))
            // The owner at home signs in at once; the guessed-at address does once it has waited.
            #expect(await Self.logIn(client, ana, Self.password, from: "198.51.100.20") == nil)
            #expect(Self.retryDelay(await Self.logIn(client, ana, Self.password, from: "203.0.113.7")) != nil)
            clock.advance(by: 4)
            #expect(await Self.logIn(client, ana, Self.password, from: "203.0.113.7") == nil)
        }
    }

    @Test func sprayingFromOneNetworkSlowsDownAndItsPeopleSignInFromTheirDevices() async throws {
        // The service's clock stands still: a loaded machine cannot wait out a delay between two calls.
        let clock = TestClock()
        try await AccountsHarness.run(now: { clock.now }) { client, _ in
            var people: [(name: String, device: String)] = []
            for index in 0..<5 {
                let signedUp = try await AccountsHarness.signUp(client, name: "p\(index)")
                #expect(!signedUp.deviceToken.isEmpty)
                people.append((signedUp.account.profile.username, signedUp.deviceToken))
            }
            // One password against twenty accounts, from twenty addresses of one IPv6 /64: each account
            // is tried once, but the network is past its limit of 20 failures after them.
            for index in 0..<20 {
                let target = index < 5 ? people[index].name : "nobody_\(index)"
                #expect(await Self.logIn(client, target, "Summer2026!", from: "2001:db8:7:7::\(index + 1)")?.reason == "INVALID_CREDENTIALS")
            }
            #expect(await Self.logIn(client, "nobody_x", "Summer2026!", from: "2001:db8:7:7:ffff::1")?.reason == "INVALID_CREDENTIALS")
            let wait = Self.retryDelay(await Self.logIn(client, "nobody_y", "Summer2026!", from: "2001:db8:7:7:abcd::9"))
            #expect(wait == .seconds(2), "the next try from anywhere in the /64 waits")
            // The next network is another client; and the people of the first sign in from their phones.
            #expect(await Self.logIn(client, "nobody_z", "Summer2026!", from: "2001:db8:7:8::1")?.reason == "INVALID_CREDENTIALS")
            for person in people {
                #expect(await Self.logIn(client, person.name, Self.password, from: "2001:db8:7:7::42", device: person.device) == nil)
            }
            // Without its device token the owner waits with everyone else there, and may after the wait.
            #expect(Self.retryDelay(await Self.logIn(client, people[0].name, Self.password, from: "2001:db8:7:7::42")) != nil)
            clock.advance(by: 2)
            #expect(await Self.logIn(client, people[0].name, Self.password, from: "2001:db8:7:7::42") == nil)
        }
    }

    @Test func anAccountGuessedAtFromEverywhereWaitsButNotOnItsOwnersDevice() async throws {
        var policy = AccountPolicy()
        policy.failedLoginLimitPerAccount = 10
        let clock = TestClock()
        try await AccountsHarness.run(policy: policy, now: { clock.now }) { client, _ in
            let signedUp = try await AccountsHarness.signUp(client, name: "bo")
            let (bo, email, phone) = (signedUp.account.profile.username, signedUp.account.email, signedUp.deviceToken)
            // Ten guesses from ten networks, by username and by address alike: one account.
            for index in 0..<10 {
                let identifier = index.isMultiple(of: 2) ? bo : email
                #expect(await Self.logIn(client, identifier, "wrong password!", from: "10.9.\(index).1")?.reason == "INVALID_CREDENTIALS")
            }
            #expect(await Self.logIn(client, email, "wrong password!", from: "10.9.10.1")?.reason == "INVALID_CREDENTIALS")
            // Past the account's limit every unknown device waits, even with the right password, from anywhere…
            #expect(Self.retryDelay(await Self.logIn(client, bo, Self.password, from: "10.9.20.1")) == .seconds(2))
            #expect(Self.retryDelay(await Self.logIn(client, email, "wrong password!", from: "10.9.21.1")) == .seconds(2))
            // …a made-up device token is no way around it…
            #expect(Self.retryDelay(await Self.logIn(client, bo, Self.password, from: "10.9.22.1", device: "made-up")) != nil)
            // …and the owner's phone signs in at once, and keeps its token.
            #expect(await Self.logIn(client, bo, Self.password, from: "10.9.23.1", device: phone) == nil)
            let again = try await client.logIn(
                .with {
                    $0.identifier = bo; $0.password = Self.password; $0.deviceToken = phone
                })
            #expect(again.deviceToken == phone)
        }
    }

    @Test func theDelaysDoubleUpToTheWindow() {
        let window = Duration.seconds(900)
        #expect(
            (1...12).map { LoginThrottle.delay(afterExcess: $0, cap: window) }
                == [2, 4, 8, 16, 32, 64, 128, 256, 512, 900, 900, 900].map { Duration.seconds($0) })
        #expect(LoginThrottle.delay(afterExcess: 400, cap: window) == window)
    }
}
