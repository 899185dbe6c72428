import Foundation
import RoamRuntime
import RoamTesting
import Testing

@testable import Accounts

/// Provider identities, used nonces and the account changes of issue 18, on both stores.
@Suite struct IdentityRepositoryContractTests {
    static func identity(of user: User, provider: String = "google", subject: String = UUID().uuidString, at time: Date = Date()) -> LinkedIdentity {
        LinkedIdentity(
            userID: user.id, provider: provider, issuer: "https://\(provider).example", subject: subject,
            email: user.email, linkedAt: Fixtures.wholeSeconds(time))
    }

    @Test(arguments: StoreKind.allCases)
    func anAccountWithoutPasswordOrEmailIsCreatedWithItsIdentityInOneStep(store: StoreKind) async throws {
        try await store.withRepositories { repositories in
            var user = Fixtures.user()
            user.passwordHash = nil
            user.email = ""
            let identity = Self.identity(of: user)
            try await repositories.identities.createAccount(user, with: identity)
            #expect(try await repositories.users.user(id: user.id) == user)
            #expect(try await repositories.users.user(email: "") == nil)
            #expect(try await repositories.identities.identity(issuer: identity.issuer, subject: identity.subject) == identity)
            // A second account without email is allowed; the same identity again is not, and leaves no account behind.
            var other = Fixtures.user()
            other.email = ""
            try await repositories.identities.createAccount(other, with: Self.identity(of: other))
            var third = Fixtures.user()
            third.email = ""
            var reused = identity
            reused.userID = third.id
            await #expect { try await repositories.identities.createAccount(third, with: reused) } throws: {
                ($0 as? RoamError)?.reason == "IDENTITY_TAKEN"
            }
            #expect(try await repositories.users.user(id: third.id) == nil)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func anIdentityBelongsToOneAccountAndAnAccountHasOnePerProvider(store: StoreKind) async throws {
        try await store.withRepositories { repositories in
            let ana = Fixtures.user("ana"), ben = Fixtures.user("ben")
            try await repositories.users.create(ana)
            try await repositories.users.create(ben)
            let google = Self.identity(of: ana)
            try await repositories.identities.link(google)
            try await repositories.identities.link(google)  // again: harmless
            var stolen = google
            stolen.userID = ben.id
            await #expect { try await repositories.identities.link(stolen) } throws: { ($0 as? RoamError)?.reason == "IDENTITY_TAKEN" }
            await #expect { try await repositories.identities.link(Self.identity(of: ana)) } throws: {
                ($0 as? RoamError)?.reason == "PROVIDER_ALREADY_LINKED"
            }
            let apple = Self.identity(of: ana, provider: "apple", at: Date().addingTimeInterval(5))
            try await repositories.identities.link(apple)
            #expect(try await repositories.identities.identities(of: ana.id) == [google, apple])
            #expect(try await repositories.identities.identities(of: ben.id).isEmpty)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func theLastWayToSignInCannotBeUnlinked(store: StoreKind) async throws {
        try await store.withRepositories { repositories in
            var user = Fixtures.user()
            user.passwordHash = nil
            try await repositories.identities.createAccount(user, with: Self.identity(of: user))
            #expect(try await repositories.identities.unlink(provider: "apple", from: user.id) == .notLinked)
            #expect(try await repositories.identities.unlink(provider: "google", from: user.id) == .lastWayToSignIn)
            try await repositories.identities.link(Self.identity(of: user, provider: "apple"))
            #expect(try await repositories.identities.unlink(provider: "google", from: user.id) == .unlinked)
            #expect(try await repositories.identities.unlink(provider: "apple", from: user.id) == .lastWayToSignIn)
            // With a password, the last provider may go.
            try await repositories.users.setPasswordHash(userID: user.id, "$argon2id$set", keepingSession: nil)
            #expect(try await repositories.identities.unlink(provider: "apple", from: user.id) == .unlinked)
            #expect(try await repositories.identities.identities(of: user.id).isEmpty)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func twoUnlinksAtOnceLeaveOneWayToSignIn(store: StoreKind) async throws {
        try await store.withRepositories { repositories in
            // Ten accounts at once, each unlinking both of its providers at the same moment.
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<10 {
                    group.addTask {
                        var user = Fixtures.user()
                        user.passwordHash = nil
                        try await repositories.identities.createAccount(user, with: Self.identity(of: user))
                        try await repositories.identities.link(Self.identity(of: user, provider: "apple"))
                        async let first = repositories.identities.unlink(provider: "google", from: user.id)
                        async let second = repositories.identities.unlink(provider: "apple", from: user.id)
                        let outcomes = try await [first, second]
                        #expect(outcomes.filter { $0 == .unlinked }.count == 1)
                        #expect(outcomes.filter { $0 == .lastWayToSignIn }.count == 1)
                        #expect(try await repositories.identities.identities(of: user.id).count == 1)
                    }
                }
                try await group.waitForAll()
            }
        }
    }

    @Test(arguments: StoreKind.allCases)
    func aNonceWorksOnceUntilItsTokenExpires(store: StoreKind) async throws {
        // A database of its own: using a nonce forgets the others' that expired over an hour before.
        try await store.withOwnRepositories { repositories in
            let now = Fixtures.wholeSeconds(Date())
            let digest = Fixtures.digest()
            let first = try await repositories.nonces.use(digest, until: now.addingTimeInterval(600), at: now)
            let replayed = try await repositories.nonces.use(digest, until: now.addingTimeInterval(600), at: now.addingTimeInterval(1))
            let other = try await repositories.nonces.use(Fixtures.digest(), until: now.addingTimeInterval(600), at: now)
            // Still remembered just after its token expired (clocks of replicas differ a little), forgotten an hour later.
            let justAfterExpiry = try await repositories.nonces.use(digest, until: now.addingTimeInterval(1200), at: now.addingTimeInterval(601))
            let afterExpiry = try await repositories.nonces.use(digest, until: now.addingTimeInterval(9000), at: now.addingTimeInterval(4201))
            #expect(first && !replayed && other && !justAfterExpiry && afterExpiry)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func emailChangesVerifyTheAddressAndRefuseATakenOne(store: StoreKind) async throws {
        try await store.withRepositories { repositories in
            let ana = Fixtures.user("ana"), ben = Fixtures.user("ben")
            try await repositories.users.create(ana)
            try await repositories.users.create(ben)
            let address = "new_\(UUID().uuidString.prefix(8).lowercased())@example.com"
            let changed = try await repositories.users.changeEmail(userID: ana.id, to: address)
            #expect(changed?.email == address && changed?.emailVerified == true)
            #expect(try await repositories.users.user(email: address)?.id == ana.id)
            #expect(try await repositories.users.user(email: ana.email) == nil)
            await #expect { _ = try await repositories.users.changeEmail(userID: ben.id, to: address) } throws: {
                ($0 as? RoamError)?.reason == "EMAIL_TAKEN"
            }
            #expect(try await repositories.users.changeEmail(userID: UUID(), to: "x_\(UUID())@example.com") == nil)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func aUsernameChangesOnlyWhenItWasNotChangedSinceTheCutoff(store: StoreKind) async throws {
        try await store.withRepositories { repositories in
            let ana = Fixtures.user("ana"), ben = Fixtures.user("ben")
            try await repositories.users.create(ana)
            try await repositories.users.create(ben)
            let now = Fixtures.wholeSeconds(Date())
            let name = "ana_\(UUID().uuidString.prefix(8).lowercased())"
            let changed = try await repositories.users.changeUsername(
                userID: ana.id, to: name, at: now, ifUnchangedSince: now.addingTimeInterval(-86400))
            #expect(changed?.username == name && changed?.usernameChangedAt == now)
            #expect(try await repositories.users.user(username: ana.username) == nil)
            #expect(try await repositories.users.user(username: name)?.id == ana.id)
            // Changed a moment ago: not again before the cutoff passes.
            #expect(
                try await repositories.users.changeUsername(
                    userID: ana.id, to: name + "x", at: now.addingTimeInterval(10),
                    ifUnchangedSince: now.addingTimeInterval(-1)) == nil)
            #expect(
                try await repositories.users.changeUsername(
                    userID: ana.id, to: name + "x", at: now.addingTimeInterval(10),
                    ifUnchangedSince: now)?.username == name + "x")
            await #expect {
                _ = try await repositories.users.changeUsername(userID: ben.id, to: name + "x", at: now, ifUnchangedSince: now)
            } throws: { ($0 as? RoamError)?.reason == "USERNAME_TAKEN" }
            // The old name is free for someone else at once.
            #expect(try await repositories.users.changeUsername(userID: ben.id, to: name, at: now, ifUnchangedSince: now)?.username == name)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func acceptedTermsAndEmailChangeTokensKeepWhatTheyStandFor(store: StoreKind) async throws {
        try await store.withRepositories { repositories in
            let now = Fixtures.wholeSeconds(Date())
            var user = Fixtures.user()
            user.acceptedTerms = TermsAcceptance(version: "2026-01", acceptedAt: now)
            try await repositories.users.create(user)
            #expect(try await repositories.users.user(id: user.id)?.acceptedTerms == user.acceptedTerms)
            try await repositories.users.acceptTerms(userID: user.id, TermsAcceptance(version: "2026-11", acceptedAt: now.addingTimeInterval(60)))
            #expect(
                try await repositories.users.user(id: user.id)?.acceptedTerms
                    == TermsAcceptance(version: "2026-11", acceptedAt: now.addingTimeInterval(60)))

            let digest = Fixtures.digest()
            try await repositories.oneTimeTokens.issue(
                digest: digest, userID: user.id, purpose: .changeEmail, detail: "new@example.com",
                expiresAt: now.addingTimeInterval(60), mailing: Fixtures.mail(.changeEmail, for: user))
            #expect(try await repositories.oneTimeTokens.consume(digest: digest, purposes: [.verifyEmail], at: now) == nil)
            #expect(
                try await repositories.oneTimeTokens.consume(digest: digest, purposes: [.verifyEmail, .changeEmail], at: now)
                    == UsedToken(userID: user.id, purpose: .changeEmail, detail: "new@example.com"))
            #expect(try await repositories.oneTimeTokens.consume(digest: digest, purposes: [.changeEmail], at: now) == nil)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func deletingAnAccountFreesItsIdentities(store: StoreKind) async throws {
        try await store.withRepositories { repositories in
            let user = Fixtures.user()
            let identity = Self.identity(of: user)
            try await repositories.identities.createAccount(user, with: identity)
            try await repositories.users.delete(userID: user.id, at: Date())
            #expect(try await repositories.identities.identity(issuer: identity.issuer, subject: identity.subject) == nil)
        }
    }
}
