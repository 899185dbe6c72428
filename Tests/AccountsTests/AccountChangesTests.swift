import AccountsTesting
import Foundation
import GRPCCore
import RoamProto
import RoamRuntime
import RoamTesting
import Testing

@testable import Accounts

/// Changing one's email and username, and accepting the terms, through the gRPC service.
@Suite struct AccountChangesTests {
    @Test(arguments: StoreKind.allCases)
    func anEmailChangesOnlyWhenTheNewAddressFollowsItsLinkAndTheOldOneIsTold(store: StoreKind) async throws {
        try await AccountsHarness.run(store: store) { client, mailer in
            let ana = try await AccountsHarness.signUp(client, name: "ana")
            let bearer = AccountsHarness.bearer(ana.tokens.accessToken)
            let newAddress = "ana_new_\(UUID().uuidString.prefix(6).lowercased())@example.com"
            let wrongPassword = await AccountsHarness.refusal {
                try await client.requestEmailChange(
                    .with {
                        $0.newEmail = newAddress; $0.password = "not it at all"
                    }, metadata: bearer)
            }
            #expect(wrongPassword?.code == .permissionDenied && wrongPassword?.violatedFields == ["password"])
            let badAddress = await AccountsHarness.refusal {
                try await client.requestEmailChange(
                    .with {
                        $0.newEmail = "nope"; $0.password = "correct horse battery"
                    }, metadata: bearer)
            }
            #expect(badAddress?.violatedFields == ["new_email"])
            // An address with an account answers as any other (nobody learns whose address is
            // registered); its owner is told instead, and nothing changes.
            let ben = try await AccountsHarness.signUp(client, name: "ben")
            _ = try await client.requestEmailChange(
                .with {
                    $0.newEmail = ben.account.email; $0.password = "correct horse battery"
                }, metadata: bearer)
            let told = try #require(try await mailer.last(.emailInUse, to: ben.account.email))
            #expect(told.fields["requester"] == ana.account.profile.username && told.fields["username"] == ben.account.profile.username)
            #expect(try await mailer.last(.changeEmail, to: ben.account.email) == nil)

            _ = try await client.requestEmailChange(
                .with {
                    $0.newEmail = " \(newAddress.uppercased()) "; $0.password = "correct horse battery"
                },
                metadata: bearer)
            // Nothing changes until the link is followed.
            #expect(try await client.getMyProfile(.init(), metadata: bearer).account.email == ana.account.email)
            let link = try #require(try await mailer.last(.changeEmail, to: newAddress))
            _ = try await client.verifyEmail(.with { $0.token = link.token })
            let after = try await client.getMyProfile(.init(), metadata: bearer).account
            #expect(after.email == newAddress && after.emailVerified)
            let notice = try #require(try await mailer.last(.emailChanged, to: ana.account.email))
            #expect(notice.fields["newEmail"] == newAddress)
            // Still signed in with the same session; the new address signs in, the old one does not.
            #expect(try await client.listSessions(.init(), metadata: bearer).sessions.count == 1)
            _ = try await client.logIn(
                .with {
                    $0.identifier = newAddress; $0.password = "correct horse battery"
                })
            let old = await AccountsHarness.refusal {
                try await client.logIn(
                    .with {
                        $0.identifier = ana.account.email; $0.password = "correct horse battery"
                    })
            }
            #expect(old?.reason == "INVALID_CREDENTIALS")
            // The link works once.
            let again = await AccountsHarness.refusal { try await client.verifyEmail(.with { $0.token = link.token }) }
            #expect(again?.reason == "INVALID_TOKEN")
        }
    }

    @Test func anAddressTakenBeforeTheLinkIsFollowedIsNotTakenTwice() async throws {
        try await AccountsHarness.run(store: .postgres) { client, mailer in
            let ana = try await AccountsHarness.signUp(client, name: "ana")
            let address = "contested_\(UUID().uuidString.prefix(6).lowercased())@example.com"
            _ = try await client.requestEmailChange(
                .with {
                    $0.newEmail = address; $0.password = "correct horse battery"
                },
                metadata: AccountsHarness.bearer(ana.tokens.accessToken))
            let link = try #require(try await mailer.last(.changeEmail, to: address))
            _ = try await client.signUp(
                .with {
                    $0.email = address
                    $0.username = "contender_\(UUID().uuidString.prefix(6).lowercased())"
                    $0.password = "correct horse battery"
                    $0.displayName = "C"
                })
            let refused = await AccountsHarness.refusal { try await client.verifyEmail(.with { $0.token = link.token }) }
            #expect(refused?.reason == "EMAIL_TAKEN")
            #expect(
                try await client.getMyProfile(.init(), metadata: AccountsHarness.bearer(ana.tokens.accessToken)).account.email == ana.account.email)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func aUsernameChangesToAFreeNameAtMostOncePerInterval(store: StoreKind) async throws {
        let clock = TestClock()
        var policy = AccountPolicy()
        policy.usernameChangeInterval = .seconds(30 * 86400)
        try await AccountsHarness.run(store: store, policy: policy, now: { clock.now }) { client, _ in
            let ana = try await AccountsHarness.signUp(client, name: "ana")
            let ben = try await AccountsHarness.signUp(client, name: "ben")
            let bearer = AccountsHarness.bearer(ana.tokens.accessToken)
            let taken = await AccountsHarness.refusal {
                try await client.changeUsername(.with { $0.username = ben.account.profile.username.uppercased() }, metadata: bearer)
            }
            #expect(taken?.reason == "USERNAME_TAKEN" && taken?.violatedFields == ["username"])
            let invalid = await AccountsHarness.refusal { try await client.changeUsername(.with { $0.username = "no spaces!" }, metadata: bearer) }
            #expect(invalid?.violatedFields == ["username"])
            // The same name is no change and does not count.
            _ = try await client.changeUsername(.with { $0.username = ana.account.profile.username }, metadata: bearer)

            let newName = "ana_renamed_\(UUID().uuidString.prefix(4).lowercased())"
            let changed = try await client.changeUsername(.with { $0.username = newName.uppercased() }, metadata: bearer)
            #expect(changed.account.profile.username == newName && changed.account.hasUsernameChangedAt)
            let oldName = await AccountsHarness.refusal { try await client.getProfile(.with { $0.username = ana.account.profile.username }) }
            #expect(oldName?.code == .notFound)
            #expect(try await client.getProfile(.with { $0.username = newName }).profile.userID == ana.account.userID)

            clock.advance(by: 29 * 86400)
            let soon = await AccountsHarness.refusal { try await client.changeUsername(.with { $0.username = newName + "x" }, metadata: bearer) }
            #expect(soon?.code == .failedPrecondition && soon?.reason == "USERNAME_CHANGED_RECENTLY")
            clock.advance(by: 86400)
            #expect(
                try await client.changeUsername(.with { $0.username = newName + "x" }, metadata: bearer).account.profile.username == newName + "x")
            // The old name is anyone's now.
            _ = try await client.changeUsername(.with { $0.username = newName }, metadata: AccountsHarness.bearer(ben.tokens.accessToken))
        }
    }

    @Test(arguments: StoreKind.allCases)
    func profilesByIDComeInTheOrderAskedWithoutBlockedOrUnknownUsers(store: StoreKind) async throws {
        try await AccountsHarness.run(store: store) { client, _ in
            let ana = try await AccountsHarness.signUp(client, name: "ana")
            let ben = try await AccountsHarness.signUp(client, name: "ben")
            let cai = try await AccountsHarness.signUp(client, name: "cai")
            _ = try await client.block(.with { $0.username = cai.account.profile.username }, metadata: AccountsHarness.bearer(ana.tokens.accessToken))
            let ids = [cai.account.userID, UUID().uuidString.lowercased(), ben.account.userID, ana.account.userID]
            let seenByAna = try await client.getProfilesById(.with { $0.userIds = ids }, metadata: AccountsHarness.bearer(ana.tokens.accessToken))
            #expect(seenByAna.profiles.map(\.username) == [ben.account.profile.username, ana.account.profile.username])
            let anonymous = try await client.getProfilesById(.with { $0.userIds = ids })
            #expect(anonymous.profiles.count == 3 && anonymous.profiles.allSatisfy { $0.phone.isEmpty })
            let bad = await AccountsHarness.refusal { try await client.getProfilesById(.with { $0.userIds = ["nope"] }) }
            #expect(bad?.violatedFields == ["user_ids[0]"])
            let many = await AccountsHarness.refusal {
                try await client.getProfilesById(.with { $0.userIds = (0..<101).map { _ in UUID().uuidString } })
            }
            #expect(many?.violatedFields == ["user_ids"])
        }
    }

    @Test func aNewTermsVersionIsAcceptedAtSignUpAndAgainAtTheNextSignIn() async throws {
        var first = AccountPolicy()
        first.termsVersion = "2026-01"
        try await AccountsHarness.run(store: .postgres, policy: first) { client, _ in
            let username = "terms_\(UUID().uuidString.prefix(6).lowercased())"
            func signUp(_ version: String) async throws -> Roam_Accounts_V1_SignUpResponse {
                try await client.signUp(
                    .with {
                        $0.email = "\(username)@example.com"
                        $0.username = username
                        $0.password = "correct horse battery"
                        $0.displayName = "T"
                        $0.termsVersion = version
                    })
            }
            let missing = await AccountsHarness.refusal { try await signUp("") }
            #expect(missing?.code == .failedPrecondition && missing?.reason == "TERMS_NOT_ACCEPTED" && missing?.violatedFields == ["terms_version"])
            let old = await AccountsHarness.refusal { try await signUp("2025-06") }
            #expect(old?.reason == "TERMS_NOT_ACCEPTED")
            let signedUp = try await signUp("2026-01")
            #expect(signedUp.account.termsVersion == "2026-01" && signedUp.account.hasTermsAcceptedAt)
            #expect(try await client.getSignInOptions(.init()).termsVersion == "2026-01")
        }

        // The operator publishes a new version: the same accounts, a service with the new policy.
        let store = InMemoryAccountsStore()
        let repositories = Repositories(memory: store)
        func service(_ version: String, required: Bool = true) async throws -> AccountService {
            var policy = AccountPolicy()
            policy.termsVersion = version
            policy.termsRequiredAtSignIn = required
            return try await repositories.service(
                hasher: AccountsHarness.fastHasher, signer: JWTAccessTokenSigner(signingKey: SigningKey(privateKey: .init())),
                policy: policy)
        }
        let device = DeviceInfo(userAgent: "test", deviceName: "phone")
        let (view, _) = try await service("2026-01").signUp(
            SignUpForm(
                email: "t@example.com", username: "termsuser", password: "correct horse battery",
                displayName: "T", termsVersion: "2026-01"), device: device, clientAddress: "a")
        #expect(view.user.acceptedTerms?.version == "2026-01")
        let relaxed = try await service("2026-11", required: false).logIn(
            identifier: "termsuser", password: "correct horse battery", device: device, clientAddress: "a")
        #expect(relaxed.0.user.acceptedTerms?.version == "2026-01")
        let strict = try await service("2026-11")
        await #expect {
            _ = try await strict.logIn(identifier: "termsuser", password: "correct horse battery", device: device, clientAddress: "a")
        } throws: { ($0 as? RoamError)?.reason == "TERMS_NOT_ACCEPTED" && ($0 as? RoamError)?.violations.map(\.field) == ["accept_terms_version"] }
        // A wrong password says nothing about the terms.
        await #expect {
            _ = try await strict.logIn(
                identifier: "termsuser", password: "wrong wrong wrong", acceptingTerms: "2026-11", device: device, clientAddress: "a")
        } throws: { ($0 as? RoamError)?.reason == "INVALID_CREDENTIALS" }
        let accepted = try await strict.logIn(
            identifier: "termsuser", password: "correct horse battery", acceptingTerms: "2026-11",
            device: device, clientAddress: "a")
        #expect(accepted.0.user.acceptedTerms?.version == "2026-11")
        _ = try await strict.logIn(identifier: "termsuser", password: "correct horse battery", device: device, clientAddress: "a")
        // A signed-in user accepts through AcceptTerms.
        let caller = AuthenticatedUser(id: view.user.id, sessionID: nil, emailVerified: false)
        let newer = try await service("2027-01")
        await #expect { _ = try await newer.acceptTerms(of: caller, version: "2026-11") } throws: {
            ($0 as? RoamError)?.reason == "TERMS_NOT_ACCEPTED"
        }
        #expect(try await newer.acceptTerms(of: caller, version: "2027-01").user.acceptedTerms?.version == "2027-01")
    }
}
