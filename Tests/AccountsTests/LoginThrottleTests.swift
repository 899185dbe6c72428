import Foundation
import GRPCCore
import RoamProto
import RoamRuntime
import RoamTesting
import Testing

@testable import Accounts

/// Guessing is slowed where it comes from, and nobody else is locked out: not the owner at another
/// address, not the other people behind one busy address.
@Suite struct LoginThrottleTests {
    static let password = "correct horse battery"

    static func logIn(_ client: AccountsClient, _ identifier: String, _ password: String, from address: String) async -> RPCError? {
        var metadata = Metadata()
        metadata.addString(address, forKey: RoamMetadataKey.clientAddress)
        return await AccountsHarness.refusal {
            try await client.logIn(
                .with {
                    $0.identifier = identifier; $0.password = password
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

    @Test func thirtyFailuresFromOneAddressRefuseNoneOfTheTwentyPeopleWhoShareIt() async throws {
        // The service's clock stands still: a loaded machine cannot wait out a delay between two calls.
        let clock = TestClock()
        try await AccountsHarness.run(now: { clock.now }) { client, _ in
            let nat = "192.0.2.44"
            var people: [String] = []
            for index in 0..<20 { people.append(try await AccountsHarness.signUp(client, name: "p\(index)").account.profile.username) }
            // Someone behind the NAT sprays guesses at thirty accounts, the twenty among them.
            for index in 0..<30 {
                let target = index < 20 ? people[index] : "nobody_\(index)"
                #expect(await Self.logIn(client, target, "wrong password!", from: nat)?.reason == "INVALID_CREDENTIALS")
            }
            // Each of the twenty then signs in from the same address with the right password.
            for person in people {
                #expect(await Self.logIn(client, person, Self.password, from: nat) == nil, "\(person) was refused")
            }
            // The sprayer, now over the address's limit, waits after a second failure on any one account.
            let other = try await AccountsHarness.signUp(client, name: "other").account.profile.username
            #expect(await Self.logIn(client, other, "wrong password!", from: nat)?.reason == "INVALID_CREDENTIALS")
            #expect(await Self.logIn(client, other, "wrong password!", from: nat)?.reason == "INVALID_CREDENTIALS")
            #expect(Self.retryDelay(await Self.logIn(client, other, "wrong password!", from: nat)) != nil)
        }
    }

    @Test func anAccountGuessedAtFromManyAddressesGivesEachOfThemOneTry() async throws {
        var policy = AccountPolicy()
        policy.failedLoginLimitPerAccount = 10
        let clock = TestClock()
        try await AccountsHarness.run(policy: policy, now: { clock.now }) { client, _ in
            let bo = try await AccountsHarness.signUp(client, name: "bo").account.profile.username
            for index in 0..<10 {
                #expect(await Self.logIn(client, bo, "wrong password!", from: "10.9.0.\(index)")?.reason == "INVALID_CREDENTIALS")
            }
            // Over the account's limit: an address that failed once now waits before its next try…
            #expect(Self.retryDelay(await Self.logIn(client, bo, "wrong password!", from: "10.9.0.3")) != nil)
            // …a new address is heard once, then waits too…
            #expect(await Self.logIn(client, bo, "wrong password!", from: "10.9.1.1")?.reason == "INVALID_CREDENTIALS")
            #expect(Self.retryDelay(await Self.logIn(client, bo, Self.password, from: "10.9.1.1")) != nil)
            // …and the owner, from an address with no failures, is never refused.
            #expect(await Self.logIn(client, bo, Self.password, from: "10.9.2.2") == nil)
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
