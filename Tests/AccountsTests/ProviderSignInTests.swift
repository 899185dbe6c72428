import Foundation
import GRPCCore
import RoamProto
import RoamRuntime
import RoamTesting
import Testing

@testable import Accounts

/// Signing in with an OpenID Connect provider, against a local issuer with its own keys.
@Suite struct ProviderSignInTests {
    static let clientID = "roam-test-app"

    static func provider(_ issuer: LocalIssuer, name: String = "acme", linksByEmail: Bool = false) -> IdentityProvider {
        IdentityProvider(name: name, issuers: [issuer.url], clientIDs: [clientID, "roam-test-web"], linksByEmail: linksByEmail)
    }

    static func nonce() -> String { "nonce-\(UUID().uuidString)" }

    static func signIn(
        _ client: AccountsClient, provider: String = "acme", token: String, nonce: String, terms: String = ""
    )
        async throws -> Roam_Accounts_V1_SignInWithProviderResponse
    {
        try await client.signInWithProvider(
            .with {
                $0.provider = provider
                $0.idToken = token
                $0.nonce = nonce
                $0.acceptTermsVersion = terms
            })
    }

    @Test(arguments: StoreKind.allCases)
    func aFirstSignInCreatesTheAccountAndTheNextFindsIt(store: StoreKind) async throws {
        try await LocalIssuer.with { issuer in
            try await AccountsHarness.run(store: store, providers: [Self.provider(issuer)]) { client, mailer in
                let subject = UUID().uuidString
                let email = "zoë_\(UUID().uuidString.prefix(6).lowercased())@example.com"
                let nonce = Self.nonce()
                let token = try await issuer.idToken(
                    subject: subject, audience: Self.clientID, nonce: nonce, email: email,
                    emailVerified: true, name: "Zoë Ångström-Lee")
                let first = try await Self.signIn(client, token: token, nonce: nonce)
                #expect(first.created)
                #expect(first.account.email == email && first.account.emailVerified)
                #expect(!first.account.hasPassword_p)
                #expect(first.account.profile.displayName == "Zoë Ångström-Lee")
                #expect(first.account.profile.username == "zoe_angstrom_lee" || first.account.profile.username.hasPrefix("zoe_angstrom_lee"))
                #expect(try await mailer.last(.verifyEmail, to: email) == nil)  // the provider verified it

                let again = Self.nonce()
                let second = try await Self.signIn(
                    client, token: try await issuer.idToken(subject: subject, audience: "roam-test-web", nonce: again),
                    nonce: again)
                #expect(!second.created)
                #expect(second.account.userID == first.account.userID)
                let linked = try await client.listLinkedProviders(.init(), metadata: AccountsHarness.bearer(second.tokens.accessToken))
                #expect(linked.providers.map(\.provider) == ["acme"])
                #expect(linked.providers.first?.email == email)
            }
        }
    }

    @Test func namesakesGetUniqueUsernames() async throws {
        try await LocalIssuer.with { issuer in
            try await AccountsHarness.run(store: .postgres, providers: [Self.provider(issuer)]) { client, _ in
                let name = "Kai \(UUID().uuidString.prefix(6))"
                var usernames: Set<String> = []
                for _ in 0..<3 {
                    let nonce = Self.nonce()
                    let token = try await issuer.idToken(subject: UUID().uuidString, audience: Self.clientID, nonce: nonce, name: name)
                    let signedIn = try await Self.signIn(client, token: token, nonce: nonce)
                    #expect(signedIn.created && signedIn.account.email.isEmpty)
                    usernames.insert(signedIn.account.profile.username)
                }
                #expect(usernames.count == 3)
                #expect(usernames.allSatisfy { $0.hasPrefix(name.lowercased().replacingOccurrences(of: " ", with: "_")) })
            }
        }
    }

    /// A provider's profile name meets the rules of a typed one: what would reverse or hide text is
    /// dropped, and a name with nothing else falls back to the username.
    @Test func aProvidersNameLosesWhatWouldDisguiseIt() async throws {
        try await LocalIssuer.with { issuer in
            try await AccountsHarness.run(store: .memory, providers: [Self.provider(issuer)]) { client, _ in
                func signIn(named name: String) async throws -> Roam_Accounts_V1_Account {
                    let nonce = Self.nonce()
                    let token = try await issuer.idToken(subject: UUID().uuidString, audience: Self.clientID, nonce: nonce, name: name)
                    return try await Self.signIn(client, token: token, nonce: nonce).account
                }
                #expect(try await signIn(named: "Admin\u{202E}nimda\u{202C}").profile.displayName == "Adminnimda")
                #expect(try await signIn(named: "Ka\u{200B}i\u{2060}\nLee\u{0007}").profile.displayName == "Kai Lee")
                #expect(try await signIn(named: "Ana 👩‍💻").profile.displayName == "Ana 👩‍💻", "a joiner inside an emoji stays")
                let hidden = try await signIn(named: "\u{200B}\u{202E}\u{FEFF}")
                #expect(hidden.profile.displayName == hidden.profile.username)
            }
        }
    }

    @Test func forgedExpiredMisaddressedAndReplayedTokensAreRefused() async throws {
        try await LocalIssuer.with { issuer in
            try await AccountsHarness.run(store: .postgres, providers: [Self.provider(issuer)]) { client, _ in
                let subject = UUID().uuidString
                func refused(_ token: String, nonce: String) async -> (reason: String?, fields: [String]) {
                    let error = await AccountsHarness.refusal { try await Self.signIn(client, token: token, nonce: nonce) }
                    return (error?.reason, error?.violatedFields ?? [])
                }
                var nonce = Self.nonce()
                let forged = await refused(
                    try await issuer.idToken(subject: subject, audience: Self.clientID, nonce: nonce, forged: true), nonce: nonce)
                #expect(forged.reason == "INVALID_ID_TOKEN" && forged.fields == ["id_token"])
                nonce = Self.nonce()
                let wrongAudience = await refused(
                    try await issuer.idToken(subject: subject, audience: "someone-elses-app", nonce: nonce), nonce: nonce)
                #expect(wrongAudience.reason == "INVALID_ID_TOKEN")
                nonce = Self.nonce()
                let expired = await refused(
                    try await issuer.idToken(subject: subject, audience: Self.clientID, nonce: nonce, expiresIn: -300), nonce: nonce)
                #expect(expired.reason == "INVALID_ID_TOKEN")
                nonce = Self.nonce()
                nonce = Self.nonce()
                let fromTheFuture = await refused(
                    try await issuer.idToken(subject: subject, audience: Self.clientID, nonce: nonce, issuedIn: 600),
                    nonce: nonce)
                #expect(fromTheFuture.reason == "INVALID_ID_TOKEN")
                nonce = Self.nonce()
                let wrongIssuer = await refused(
                    try await issuer.idToken(
                        subject: subject, audience: Self.clientID, nonce: nonce,
                        issuer: "https://accounts.google.com"), nonce: nonce)
                #expect(wrongIssuer.reason == "INVALID_ID_TOKEN")
                let otherNonce = await refused(
                    try await issuer.idToken(subject: subject, audience: Self.clientID, nonce: Self.nonce()), nonce: Self.nonce())
                #expect(otherNonce.reason == "INVALID_ID_TOKEN")
                let noNonce = await refused(try await issuer.idToken(subject: subject, audience: Self.clientID, nonce: nil), nonce: Self.nonce())
                #expect(noNonce.reason == "INVALID_ID_TOKEN")
                let garbage = await refused("not.a.token", nonce: Self.nonce())
                #expect(garbage.reason == "INVALID_ID_TOKEN")

                // A good token works once; played again it is refused.
                nonce = Self.nonce()
                let token = try await issuer.idToken(subject: subject, audience: Self.clientID, nonce: nonce)
                #expect(try await Self.signIn(client, token: token, nonce: nonce).created)
                let replayed = await refused(token, nonce: nonce)
                #expect(replayed.reason == "NONCE_REUSED" && replayed.fields == ["nonce"])

                // The nonce may be in the token as its SHA-256 (Apple's and Facebook's SDKs put it so).
                let raw = Self.nonce()
                let hashed = try await issuer.idToken(subject: subject, audience: Self.clientID, nonce: JWKSIDTokenVerifier.sha256Hex(raw))
                #expect(try await !Self.signIn(client, token: hashed, nonce: raw).created)
                // That nonce is used, in whichever form it comes back: the hash sent as the nonce, or a
                // token carrying it plainly.
                #expect(await refused(hashed, nonce: JWKSIDTokenVerifier.sha256Hex(raw)).reason == "NONCE_REUSED")
                #expect(
                    await refused(try await issuer.idToken(subject: subject, audience: Self.clientID, nonce: raw), nonce: raw).reason
                        == "NONCE_REUSED")
                let plain = Self.nonce()
                #expect(
                    try await !Self.signIn(
                        client, token: try await issuer.idToken(subject: subject, audience: Self.clientID, nonce: plain),
                        nonce: plain
                    ).created)
                let hashedAfterPlain = try await issuer.idToken(
                    subject: subject, audience: Self.clientID, nonce: JWKSIDTokenVerifier.sha256Hex(plain))
                #expect(await refused(hashedAfterPlain, nonce: plain).reason == "NONCE_REUSED")

                let unknown = await AccountsHarness.refusal { try await Self.signIn(client, provider: "myspace", token: hashed, nonce: raw) }
                #expect(unknown?.code == .invalidArgument && unknown?.violatedFields == ["provider"])
                let short = await AccountsHarness.refusal { try await Self.signIn(client, token: hashed, nonce: "abc") }
                #expect(short?.violatedFields == ["nonce"])
            }
        }
    }

    @Test func rotatedKeysAreFetchedWhenATokenNamesANewOne() async throws {
        try await LocalIssuer.with { issuer in
            try await AccountsHarness.run(store: .memory, providers: [Self.provider(issuer)]) { client, _ in
                let subject = UUID().uuidString
                var nonce = Self.nonce()
                _ = try await Self.signIn(
                    client, token: try await issuer.idToken(subject: subject, audience: Self.clientID, nonce: nonce), nonce: nonce)
                nonce = Self.nonce()
                _ = try await Self.signIn(
                    client, token: try await issuer.idToken(subject: subject, audience: Self.clientID, nonce: nonce), nonce: nonce)
                #expect(issuer.keySetFetches == 1)  // cached
                try await issuer.rotateKeys()
                nonce = Self.nonce()
                let signedIn = try await Self.signIn(
                    client, token: try await issuer.idToken(subject: subject, audience: Self.clientID, nonce: nonce), nonce: nonce)
                #expect(!signedIn.created)
                #expect(issuer.keySetFetches == 2)
            }
        }
    }

    @Test func signInsArrivingTogetherOnAColdCacheShareOneFetch() async throws {
        try await LocalIssuer.with { issuer in
            try await AccountsHarness.run(store: .memory, providers: [Self.provider(issuer)]) { client, _ in
                try await withThrowingTaskGroup(of: Bool.self) { group in
                    for _ in 0..<10 {
                        group.addTask {
                            let nonce = Self.nonce()
                            let token = try await issuer.idToken(subject: UUID().uuidString, audience: Self.clientID, nonce: nonce)
                            return try await Self.signIn(client, token: token, nonce: nonce).created
                        }
                    }
                    var created = 0
                    for try await made in group where made { created += 1 }
                    #expect(created == 10)
                }
                #expect(issuer.keySetFetches == 1)
            }
        }
    }

    @Test func aFirstSignInSentTwiceAtOnceMakesOneAccount() async throws {
        try await LocalIssuer.with { issuer in
            try await AccountsHarness.run(store: .postgres, providers: [Self.provider(issuer)]) { client, _ in
                let subject = UUID().uuidString
                let accounts = try await withThrowingTaskGroup(of: String.self) { group in
                    for _ in 0..<4 {
                        group.addTask {
                            let nonce = Self.nonce()
                            let token = try await issuer.idToken(subject: subject, audience: Self.clientID, nonce: nonce, name: "Twin Tap")
                            return try await Self.signIn(client, token: token, nonce: nonce).account.userID
                        }
                    }
                    var ids: [String] = []
                    for try await id in group { ids.append(id) }
                    return ids
                }
                #expect(accounts.count == 4 && Set(accounts).count == 1)
            }
        }
    }

    @Test func unknownKeysFetchTheSetAtMostOncePerCooldown() async throws {
        try await LocalIssuer.with { issuer in
            try await AccountsHarness.run(store: .memory, providers: [Self.provider(issuer)], keyRefetchCooldown: .seconds(60)) { client, _ in
                var nonce = Self.nonce()
                _ = try await Self.signIn(client, token: try await issuer.idToken(subject: "s1", audience: Self.clientID, nonce: nonce), nonce: nonce)
                try await issuer.rotateKeys()
                for _ in 0..<5 {
                    nonce = Self.nonce()
                    let error = await AccountsHarness.refusal {
                        try await Self.signIn(
                            client, token: try await issuer.idToken(subject: "s1", audience: Self.clientID, nonce: nonce), nonce: nonce)
                    }
                    #expect(error?.reason == "INVALID_ID_TOKEN")
                }
                #expect(issuer.keySetFetches == 1)
            }
        }
    }

    /// An attacker changes their account's address to the victim's and gets the link clicked: the
    /// victim's later sign-in with a provider trusted with emails makes an account of their own instead
    /// of landing in the attacker's.
    @Test(arguments: StoreKind.allCases)
    func anAddressThatArrivedThroughAChangeIsNeverLinkedByAProvider(store: StoreKind) async throws {
        try await LocalIssuer.with { issuer in
            try await AccountsHarness.run(store: store, providers: [Self.provider(issuer, linksByEmail: true)]) { client, mailer in
                let attacker = try await AccountsHarness.signUp(client, name: "mallory")
                let victim = "victim_\(UUID().uuidString.prefix(6).lowercased())@example.com"
                _ = try await client.requestEmailChange(
                    .with {
                        $0.newEmail = victim
                        $0.password = "correct horse battery"
                    }, metadata: AccountsHarness.bearer(attacker.tokens.accessToken))
                let link = try #require(try await mailer.last(.changeEmail, to: victim))
                _ = try await client.verifyEmail(.with { $0.token = link.token })

                let nonce = Self.nonce()
                let token = try await issuer.idToken(
                    subject: UUID().uuidString, audience: Self.clientID, nonce: nonce, email: victim, emailVerified: true, name: "Victim")
                let signedIn = try await Self.signIn(client, token: token, nonce: nonce)
                #expect(signedIn.created && signedIn.account.userID != attacker.account.userID)
                #expect(signedIn.account.email.isEmpty, "the address stays with the account that has it")
                let linked = try await client.listLinkedProviders(.init(), metadata: AccountsHarness.bearer(attacker.tokens.accessToken))
                #expect(linked.providers.isEmpty)
            }
        }
    }

    /// Whoever can place a redirect or edit a discovery document must not choose the keys: a key set
    /// discovered on another host, or behind a redirect, is never fetched and the sign-in is refused.
    @Test func keysOffTheIssuersHostOrBehindARedirectAreNeverFetched() async throws {
        try await LocalIssuer.with { issuer in
            let port = try #require(URL(string: issuer.url)?.port)
            // The same server under another name: followed, it would serve the right keys.
            issuer.publishKeys(at: "http://localhost:\(port)/keys")
            let redirected = IdentityProvider(
                name: "moved", issuers: [issuer.url], clientIDs: [Self.clientID], keysURL: "\(issuer.url)/moved-keys")
            try await AccountsHarness.run(store: .memory, providers: [Self.provider(issuer), redirected]) { client, _ in
                for provider in ["acme", "moved"] {
                    let nonce = Self.nonce()
                    let token = try await issuer.idToken(subject: "s1", audience: Self.clientID, nonce: nonce)
                    let refusal = await AccountsHarness.refusal { try await Self.signIn(client, provider: provider, token: token, nonce: nonce) }
                    #expect(refusal?.reason == "PROVIDER_UNAVAILABLE", "\(provider)")
                }
                #expect(issuer.keySetFetches == 0)
            }
        }
    }

    @Test func aCustomProviderLinksByEmailOnlyWhenTheOperatorTrustsIt() async throws {
        try await LocalIssuer.with { issuer in
            try await AccountsHarness.run(providers: [Self.provider(issuer)]) { client, mailer in
                let victim = try await AccountsHarness.signUp(client, name: "vic")
                let token = try #require(try await mailer.last(.verifyEmail, to: victim.account.email)).token
                _ = try await client.verifyEmail(.with { $0.token = token })
                // Whoever runs the issuer says it verified the victim's address: a separate account, not theirs.
                let nonce = Self.nonce()
                let other = try await Self.signIn(
                    client,
                    token: try await issuer.idToken(
                        subject: UUID().uuidString, audience: Self.clientID, nonce: nonce,
                        email: victim.account.email, emailVerified: true), nonce: nonce)
                #expect(other.created && other.account.userID != victim.account.userID && other.account.email.isEmpty)
            }
        }
        let trusted = try IdentityProvider.all(
            environment: Environment([
                "OIDC_PROVIDERS": "acme=https://id.example.com|app",
                "OIDC_GOOGLE_CLIENT_IDS": "g", "OIDC_LINK_BY_EMAIL": "acme",
            ]))
        #expect(trusted.map(\.linksByEmail) == [true, true])
        let untrusted = try IdentityProvider.all(environment: Environment(["OIDC_PROVIDERS": "acme=https://id.example.com|app"]))
        #expect(untrusted.map(\.linksByEmail) == [false])
        #expect(throws: ConfigurationError.self) {
            try IdentityProvider.all(environment: Environment(["OIDC_LINK_BY_EMAIL": "myspace"]))
        }
    }

    @Test func aVerifiedEmailLinksTheExistingAccountOnlyWhenThatAccountVerifiedItToo() async throws {
        try await LocalIssuer.with { issuer in
            try await AccountsHarness.run(store: .postgres, providers: [Self.provider(issuer, linksByEmail: true)]) { client, mailer in
                let verified = try await AccountsHarness.signUp(client, name: "vera")
                let token = try #require(try await mailer.last(.verifyEmail, to: verified.account.email)).token
                _ = try await client.verifyEmail(.with { $0.token = token })
                var nonce = Self.nonce()
                let linked = try await Self.signIn(
                    client,
                    token: try await issuer.idToken(
                        subject: UUID().uuidString, audience: Self.clientID, nonce: nonce,
                        email: verified.account.email, emailVerified: true), nonce: nonce)
                #expect(!linked.created && linked.account.userID == verified.account.userID && linked.account.hasPassword_p)

                // Someone signed up with this address but never proved it: the provider's person is not let in.
                let unverified = try await AccountsHarness.signUp(client, name: "ursula")
                nonce = Self.nonce()
                let refused = await AccountsHarness.refusal {
                    try await Self.signIn(
                        client,
                        token: try await issuer.idToken(
                            subject: UUID().uuidString, audience: Self.clientID, nonce: nonce,
                            email: unverified.account.email, emailVerified: true), nonce: nonce)
                }
                #expect(refused?.code == .alreadyExists && refused?.reason == "EMAIL_TAKEN")

                // An address the provider did not verify links nothing: a new account without that address.
                nonce = Self.nonce()
                let separate = try await Self.signIn(
                    client,
                    token: try await issuer.idToken(
                        subject: UUID().uuidString, audience: Self.clientID, nonce: nonce,
                        email: verified.account.email, emailVerified: false), nonce: nonce)
                #expect(separate.created && separate.account.userID != verified.account.userID && separate.account.email.isEmpty)
            }
        }
    }

    @Test func theLastWayToSignInCannotBeUnlinkedAndAPasswordCanBeAdded() async throws {
        try await LocalIssuer.with { issuer in
            try await AccountsHarness.run(store: .postgres, providers: [Self.provider(issuer), Self.provider(issuer, name: "acme2")]) { client, _ in
                let subject = UUID().uuidString
                var nonce = Self.nonce()
                let signedIn = try await Self.signIn(
                    client, token: try await issuer.idToken(subject: subject, audience: Self.clientID, nonce: nonce), nonce: nonce)
                let bearer = AccountsHarness.bearer(signedIn.tokens.accessToken)
                let last = await AccountsHarness.refusal { try await client.unlinkProvider(.with { $0.provider = "acme" }, metadata: bearer) }
                #expect(last?.code == .failedPrecondition && last?.reason == "LAST_SIGN_IN_METHOD")
                // A second provider linked, the first may go.
                nonce = Self.nonce()
                let secondToken = try await issuer.idToken(subject: UUID().uuidString, audience: Self.clientID, nonce: nonce)
                let secondNonce = nonce
                let linked = try await client.linkProvider(
                    .with {
                        $0.provider = "acme2"
                        $0.idToken = secondToken
                        $0.nonce = secondNonce
                    }, metadata: bearer)
                #expect(linked.linked.provider == "acme2")
                #expect(try await client.listLinkedProviders(.init(), metadata: bearer).providers.map(\.provider) == ["acme", "acme2"])
                _ = try await client.unlinkProvider(.with { $0.provider = "acme" }, metadata: bearer)
                let missing = await AccountsHarness.refusal { try await client.unlinkProvider(.with { $0.provider = "acme" }, metadata: bearer) }
                #expect(missing?.code == .notFound)

                // An account without a password sets its first one without a current one, then may unlink its last provider.
                _ = try await client.changePassword(.with { $0.newPassword = "a long new passphrase" }, metadata: bearer)
                _ = try await client.unlinkProvider(.with { $0.provider = "acme2" }, metadata: bearer)
                let me = try await client.getMyProfile(.init(), metadata: bearer)
                #expect(me.account.hasPassword_p)
                let loggedIn = try await client.logIn(
                    .with {
                        $0.identifier = signedIn.account.profile.username
                        $0.password = "a long new passphrase"
                    })
                #expect(loggedIn.account.userID == signedIn.account.userID)
            }
        }
    }

    @Test func anAccountWithoutAPasswordConfirmsGraveChangesWithAFreshSignIn() async throws {
        // Eleven minutes back, then to now: the service's clock never runs ahead of the real one, which
        // the other tests' tokens and nonces go by.
        let clock = TestClock(Date(timeIntervalSince1970: Date().addingTimeInterval(-11 * 60).timeIntervalSince1970.rounded(.down)))
        try await LocalIssuer.with { issuer in
            try await AccountsHarness.run(store: .postgres, providers: [Self.provider(issuer)], now: { clock.now }) { client, mailer in
                var nonce = Self.nonce()
                let signedIn = try await Self.signIn(
                    client,
                    token: try await issuer.idToken(
                        subject: UUID().uuidString, audience: Self.clientID,
                        nonce: nonce), nonce: nonce)
                clock.advance(by: 11 * 60)
                // A token refreshed now (the first one may have expired by the real clock on a loaded run)
                // still comes from the sign-in eleven minutes ago.
                let refreshed = try await client.refreshSession(.with { $0.refreshToken = signedIn.tokens.refreshToken })
                let bearer = AccountsHarness.bearer(refreshed.tokens.accessToken)
                let stale = await AccountsHarness.refusal {
                    try await client.requestEmailChange(.with { $0.newEmail = "late@example.com" }, metadata: bearer)
                }
                #expect(stale?.code == .permissionDenied && stale?.reason == "RECENT_SIGN_IN_REQUIRED")
                let staleDelete = await AccountsHarness.refusal { try await client.deleteAccount(.init(), metadata: bearer) }
                #expect(staleDelete?.reason == "RECENT_SIGN_IN_REQUIRED")

                // A fresh sign-in through the provider confirms it.
                nonce = Self.nonce()
                let fresh = try await Self.signIn(
                    client,
                    token: try await issuer.idToken(
                        subject: "sub-\(signedIn.account.userID)", audience: Self.clientID,
                        nonce: nonce), nonce: nonce)
                #expect(fresh.created)  // another subject: another account, signed in just now
                let address = "fresh_\(UUID().uuidString.prefix(6).lowercased())@example.com"
                _ = try await client.requestEmailChange(.with { $0.newEmail = address }, metadata: AccountsHarness.bearer(fresh.tokens.accessToken))
                #expect(try await mailer.last(.changeEmail, to: address) != nil)
                _ = try await client.deleteAccount(.init(), metadata: AccountsHarness.bearer(fresh.tokens.accessToken))
                let gone = await AccountsHarness.refusal {
                    try await client.getMyProfile(.init(), metadata: AccountsHarness.bearer(fresh.tokens.accessToken))
                }
                #expect(gone != nil)
            }
        }
    }
}
