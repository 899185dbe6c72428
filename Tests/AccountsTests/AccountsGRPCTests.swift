import Foundation
import GRPCCore
import RoamProto
import RoamRuntime
import RoamTesting
import Testing

@testable import Accounts

/// The accounts service through its generated client, interceptors included.
@Suite struct AccountsGRPCTests {
    @Test(arguments: StoreKind.allCases)
    func signUpLogInRefreshListSessionsAndReadAProfile(store: StoreKind) async throws {
        try await AccountsHarness.run(store: store) { client, _ in
            let signedUp = try await AccountsHarness.signUp(client)
            let username = signedUp.account.profile.username
            #expect(!signedUp.account.emailVerified)

            let loggedIn = try await client.logIn(
                .with {
                    $0.identifier = username.uppercased()
                    $0.password = "correct horse battery"
                    $0.device = .with { $0.deviceName = "Pixel" }
                })
            #expect(loggedIn.account.userID == signedUp.account.userID)

            let refreshed = try await client.refreshSession(.with { $0.refreshToken = loggedIn.tokens.refreshToken })
            #expect(refreshed.tokens.sessionID == loggedIn.tokens.sessionID)
            #expect(refreshed.tokens.refreshToken != loggedIn.tokens.refreshToken)

            let sessions = try await client.listSessions(.init(), metadata: AccountsHarness.bearer(refreshed.tokens.accessToken))
            #expect(sessions.sessions.count == 2)
            #expect(sessions.sessions.filter(\.current).map(\.sessionID) == [loggedIn.tokens.sessionID])

            let profile = try await client.getProfile(.with { $0.username = username })
            #expect(profile.profile.displayName == "Walker")
            #expect(profile.profile.phone.isEmpty)
        }
    }

    @Test func invalidSignUpsListEveryBadField() async throws {
        try await AccountsHarness.run { client, _ in
            await #expect {
                _ = try await client.signUp(
                    .with {
                        $0.email = "not-an-email"
                        $0.username = "No Spaces!"
                        $0.password = "password123"
                        $0.displayName = ""
                    })
            } throws: { error in
                guard let error = error as? RPCError else { return false }
                return error.code == .invalidArgument && error.reason == "INVALID_FIELD"
                    && Set(error.violatedFields) == ["email", "username", "password", "display_name"]
            }
        }
    }

    @Test func nulCharactersAreRefusedNotStored() async throws {
        try await AccountsHarness.run(store: .postgres) { client, _ in
            await #expect {
                _ = try await client.signUp(
                    .with {
                        $0.email = "nul@example.com"
                        $0.username = "nul_\(UUID().uuidString.prefix(6).lowercased())"
                        $0.password = "correct horse battery"
                        $0.displayName = "Nul\u{0}Byte"
                    })
            } throws: { error in
                (error as? RPCError)?.code == .invalidArgument && (error as? RPCError)?.violatedFields == ["display_name"]
            }
            // A device name is only shown back: NUL is dropped and the sign-up succeeds.
            let username = "dev_\(UUID().uuidString.prefix(6).lowercased())"
            let signedUp = try await client.signUp(
                .with {
                    $0.email = "\(username)@example.com"
                    $0.username = username
                    $0.password = "correct horse battery"
                    $0.displayName = "Device"
                    $0.device = .with { $0.deviceName = "phone\u{0}" }
                })
            let sessions = try await client.listSessions(.init(), metadata: AccountsHarness.bearer(signedUp.tokens.accessToken))
            #expect(sessions.sessions.first?.device.deviceName == "phone")
        }
    }

    @Test func duplicateUsernamesAreAlreadyExistsNamingTheField() async throws {
        try await AccountsHarness.run { client, _ in
            let first = try await AccountsHarness.signUp(client)
            await #expect {
                _ = try await client.signUp(
                    .with {
                        $0.email = "other\(UUID().uuidString.prefix(4))@example.com"
                        $0.username = first.account.profile.username.uppercased()
                        $0.password = "another good passphrase"
                        $0.displayName = "Copycat"
                    })
            } throws: { error in
                guard let error = error as? RPCError else { return false }
                return error.code == .alreadyExists && error.reason == "USERNAME_TAKEN" && error.violatedFields == ["username"]
            }
        }
    }

    @Test func wrongCredentialsGetOneGenericErrorAndRepeatedFailuresAreThrottled() async throws {
        var policy = AccountPolicy()
        policy.failedLoginLimitPerAccount = 2
        try await AccountsHarness.run(policy: policy) { client, _ in
            let user = try await AccountsHarness.signUp(client)
            for identifier in [user.account.profile.username, "nobody_at_all"] {
                await #expect {
                    _ = try await client.logIn(
                        .with {
                            $0.identifier = identifier; $0.password = "wrong password!"
                        })
                } throws: { ($0 as? RPCError)?.reason == "INVALID_CREDENTIALS" && ($0 as? RPCError)?.code == .unauthenticated }
            }
            for _ in 0..<2 {
                _ = try? await client.logIn(
                    .with {
                        $0.identifier = user.account.profile.username; $0.password = "wrong password!"
                    })
            }
            // Even the right password is refused while the account is throttled.
            await #expect {
                _ = try await client.logIn(
                    .with {
                        $0.identifier = user.account.profile.username; $0.password = "correct horse battery"
                    })
            } throws: { error in
                guard let error = error as? RPCError, error.code == .resourceExhausted else { return false }
                let retry = (try? error.unpackGoogleRPCStatus())?.details.compactMap(\.retryInfo).first
                return error.reason == "TOO_MANY_ATTEMPTS" && (retry?.delay ?? .zero) > .zero
            }
        }
    }

    @Test func reusingARefreshTokenRevokesTheSession() async throws {
        try await AccountsHarness.run { client, _ in
            let user = try await AccountsHarness.signUp(client)
            let stolen = user.tokens.refreshToken
            let rotated = try await client.refreshSession(.with { $0.refreshToken = stolen })
            await #expect {
                _ = try await client.refreshSession(.with { $0.refreshToken = stolen })
            } throws: { ($0 as? RPCError)?.reason == "REFRESH_TOKEN_REUSED" }
            await #expect {
                _ = try await client.refreshSession(.with { $0.refreshToken = rotated.tokens.refreshToken })
            } throws: { ($0 as? RPCError)?.code == .unauthenticated }
        }
    }

    @Test func loggingOutEndsTheSession() async throws {
        try await AccountsHarness.run { client, _ in
            let user = try await AccountsHarness.signUp(client)
            _ = try await client.logOut(.with { $0.refreshToken = user.tokens.refreshToken })
            await #expect {
                _ = try await client.refreshSession(.with { $0.refreshToken = user.tokens.refreshToken })
            } throws: { ($0 as? RPCError)?.reason == "SESSION_REVOKED" }
        }
    }

    @Test func callsWithoutOrWithBadTokensAreUnauthenticated() async throws {
        try await AccountsHarness.run { client, _ in
            await #expect { _ = try await client.getMyProfile(.init()) } throws: { ($0 as? RPCError)?.code == .unauthenticated }
            await #expect {
                _ = try await client.getMyProfile(.init(), metadata: AccountsHarness.bearer("garbage"))
            } throws: { ($0 as? RPCError)?.code == .unauthenticated }
            let foreign = try await TestTokens().userToken(UUID())
            await #expect {
                _ = try await client.getMyProfile(.init(), metadata: AccountsHarness.bearer(foreign))
            } throws: { ($0 as? RPCError)?.reason == "INVALID_TOKEN" }
        }
    }

    @Test func emailVerificationMarksTheAccountAndNewTokensCarryIt() async throws {
        try await AccountsHarness.run { client, mailer in
            let user = try await AccountsHarness.signUp(client)
            let mail = try #require(try await mailer.last(.verifyEmail, to: user.account.email))
            _ = try await client.verifyEmail(.with { $0.token = mail.token })
            let me = try await client.getMyProfile(.init(), metadata: AccountsHarness.bearer(user.tokens.accessToken))
            #expect(me.account.emailVerified)
            await #expect { _ = try await client.verifyEmail(.with { $0.token = mail.token }) } throws: {
                ($0 as? RPCError)?.violatedFields == ["token"]
            }
        }
    }

    @Test func passwordResetSetsTheNewPasswordAndEndsEverySession() async throws {
        try await AccountsHarness.run { client, mailer in
            let user = try await AccountsHarness.signUp(client)
            _ = try await client.requestPasswordReset(.with { $0.email = user.account.email })
            _ = try await client.requestPasswordReset(.with { $0.email = "nobody@example.com" })
            let mail = try #require(try await mailer.last(.resetPassword, to: user.account.email))
            _ = try await client.resetPassword(
                .with {
                    $0.token = mail.token; $0.newPassword = "a brand new passphrase"
                })
            await #expect { _ = try await client.refreshSession(.with { $0.refreshToken = user.tokens.refreshToken }) } throws: {
                ($0 as? RPCError)?.code == .unauthenticated
            }
            let again = try await client.logIn(
                .with {
                    $0.identifier = user.account.email; $0.password = "a brand new passphrase"
                })
            #expect(again.account.userID == user.account.userID)
        }
    }

    @Test func changingThePasswordKeepsOnlyTheCurrentSession() async throws {
        try await AccountsHarness.run { client, _ in
            let user = try await AccountsHarness.signUp(client)
            let other = try await client.logIn(
                .with {
                    $0.identifier = user.account.email; $0.password = "correct horse battery"
                })
            let bearer = AccountsHarness.bearer(user.tokens.accessToken)
            await #expect {
                _ = try await client.changePassword(
                    .with {
                        $0.currentPassword = "wrong one!"; $0.newPassword = "another long passphrase"
                    },
                    metadata: bearer)
            } throws: { ($0 as? RPCError)?.violatedFields == ["current_password"] }
            _ = try await client.changePassword(
                .with {
                    $0.currentPassword = "correct horse battery"; $0.newPassword = "another long passphrase"
                },
                metadata: bearer)
            await #expect { _ = try await client.refreshSession(.with { $0.refreshToken = other.tokens.refreshToken }) } throws: {
                ($0 as? RPCError)?.code == .unauthenticated
            }
            _ = try await client.refreshSession(.with { $0.refreshToken = user.tokens.refreshToken })
        }
    }

    /// Signing up with an address another account has answers as with any address, so nobody learns
    /// whose address is registered: the account is made with the address unverified, logs in by it
    /// with its own password, and the address's owner is mailed instead; the owner's account is untouched.
    @Test(arguments: StoreKind.allCases)
    func aSignUpWithARegisteredAddressAnswersAsAnyOther(store: StoreKind) async throws {
        try await AccountsHarness.run(store: store) { client, mailer in
            let owner = try await AccountsHarness.signUp(client, name: "owner")
            let address = owner.account.email
            let username = "prober_\(UUID().uuidString.prefix(6).lowercased())"
            let probe = try await client.signUp(
                .with {
                    $0.email = address
                    $0.username = username
                    $0.password = "a different passphrase"
                    $0.displayName = "Prober"
                })
            #expect(probe.account.email == address && !probe.account.emailVerified)
            #expect(!probe.tokens.accessToken.isEmpty)
            let told = try #require(try await mailer.last(.emailInUse, to: address))
            #expect(told.fields["requester"] == username && told.fields["username"] == owner.account.profile.username)
            #expect(try await mailer.all(to: address).filter { $0.kind == .verifyEmail }.count == 1, "only the owner's own")
            let asProber = AccountsHarness.bearer(probe.tokens.accessToken)
            #expect(try await client.getMyProfile(.init(), metadata: asProber).account.email == address)
            _ = try await client.resendVerificationEmail(.init(), metadata: asProber)

            // Each logs in by the address with their own password.
            let prober = try await client.logIn(
                .with {
                    $0.identifier = address; $0.password = "a different passphrase"
                })
            #expect(prober.account.userID == probe.account.userID)
            let ownerAgain = try await client.logIn(
                .with {
                    $0.identifier = address; $0.password = "correct horse battery"
                })
            #expect(ownerAgain.account.userID == owner.account.userID && ownerAgain.account.emailVerified == owner.account.emailVerified)
            let wrong = await AccountsHarness.refusal {
                try await client.logIn(
                    .with {
                        $0.identifier = address; $0.password = "neither of them"
                    })
            }
            #expect(wrong?.reason == "INVALID_CREDENTIALS")
        }
    }

    /// Each follow, unfollow, block and unblock is an entry every replica fetches: one user churning
    /// them meets a limit a minute, and nobody else does.
    @Test(arguments: StoreKind.allCases)
    func relationChangesPastTheMinutesLimitAreRefused(store: StoreKind) async throws {
        var policy = AccountPolicy()
        policy.relationChangesPerMinute = 6
        try await AccountsHarness.run(store: store, policy: policy) { client, _ in
            let churner = try await AccountsHarness.signUp(client, name: "churner")
            let target = try await AccountsHarness.signUp(client, name: "target")
            let other = try await AccountsHarness.signUp(client, name: "other")
            let asChurner = AccountsHarness.bearer(churner.tokens.accessToken)
            let targetName = target.account.profile.username
            for _ in 0..<2 {
                _ = try await client.follow(.with { $0.username = targetName }, metadata: asChurner)
                _ = try await client.unfollow(.with { $0.username = targetName }, metadata: asChurner)
            }
            _ = try await client.block(.with { $0.username = targetName }, metadata: asChurner)
            _ = try await client.unblock(.with { $0.username = targetName }, metadata: asChurner)
            let refused = await AccountsHarness.refusal { try await client.follow(.with { $0.username = targetName }, metadata: asChurner) }
            #expect(refused?.code == .resourceExhausted && refused?.reason == "TOO_MANY_RELATION_CHANGES", "\(String(describing: refused))")
            // Someone else follows as usual.
            _ = try await client.follow(.with { $0.username = targetName }, metadata: AccountsHarness.bearer(other.tokens.accessToken))
            #expect(try await client.getProfile(.with { $0.username = targetName }).profile.followerCount == 1)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func followBlockAndCounts(store: StoreKind) async throws {
        try await AccountsHarness.run(store: store) { client, _ in
            let alice = try await AccountsHarness.signUp(client, name: "alice")
            let bob = try await AccountsHarness.signUp(client, name: "bob")
            let asAlice = AccountsHarness.bearer(alice.tokens.accessToken)
            let asBob = AccountsHarness.bearer(bob.tokens.accessToken)
            let bobName = bob.account.profile.username
            let aliceName = alice.account.profile.username

            _ = try await client.follow(.with { $0.username = bobName }, metadata: asAlice)
            _ = try await client.follow(.with { $0.username = bobName }, metadata: asAlice)
            let followers = try await client.listFollowers(.with { $0.username = bobName }, metadata: asAlice)
            #expect(followers.totalCount == 1)
            #expect(followers.profiles.map(\.username) == [aliceName])
            let seenByAlice = try await client.getProfile(.with { $0.username = bobName }, metadata: asAlice)
            #expect(seenByAlice.profile.followedByMe)

            await #expect { _ = try await client.follow(.with { $0.username = aliceName }, metadata: asAlice) } throws: {
                ($0 as? RPCError)?.code == .invalidArgument
            }

            _ = try await client.block(.with { $0.username = aliceName }, metadata: asBob)
            let afterBlock = try await client.getProfile(.with { $0.username = bobName })
            #expect(afterBlock.profile.followerCount == 0)
            await #expect { _ = try await client.follow(.with { $0.username = bobName }, metadata: asAlice) } throws: {
                ($0 as? RPCError)?.code == .notFound
            }
            await #expect { _ = try await client.getProfile(.with { $0.username = bobName }, metadata: asAlice) } throws: {
                ($0 as? RPCError)?.code == .notFound
            }

            let check = try await client.checkBlock(
                .with {
                    $0.userID = alice.account.userID; $0.otherUserID = bob.account.userID
                },
                metadata: asAlice)
            #expect(check.blocked)
        }
    }

    @Test func checkBlockIsForServicesOrTheUsersThemselves() async throws {
        try await AccountsHarness.run { client, _ in
            let alice = try await AccountsHarness.signUp(client, name: "alice")
            let bob = try await AccountsHarness.signUp(client, name: "bob")
            let carol = try await AccountsHarness.signUp(client, name: "carol")
            let request = Roam_Accounts_V1_CheckBlockRequest.with {
                $0.userID = alice.account.userID; $0.otherUserID = bob.account.userID
            }
            await #expect { _ = try await client.checkBlock(request, metadata: AccountsHarness.bearer(carol.tokens.accessToken)) } throws: {
                ($0 as? RPCError)?.code == .permissionDenied
            }
            let service = try await ServiceCredential(serviceName: "feed", secret: TestTokens.serviceSecret).token()
            let answer = try await client.checkBlock(request, metadata: AccountsHarness.bearer(service))
            #expect(!answer.blocked)
        }
    }

    @Test func relationsListFollowsAndBlocksEitherWayForServicesOrTheUserThemselves() async throws {
        try await AccountsHarness.run { client, _ in
            let alice = try await AccountsHarness.signUp(client, name: "alice")
            let bob = try await AccountsHarness.signUp(client, name: "bob")
            let carol = try await AccountsHarness.signUp(client, name: "carol")
            let dave = try await AccountsHarness.signUp(client, name: "dave")
            let asAlice = AccountsHarness.bearer(alice.tokens.accessToken)
            _ = try await client.follow(.with { $0.username = bob.account.profile.username }, metadata: asAlice)
            _ = try await client.block(.with { $0.username = carol.account.profile.username }, metadata: asAlice)
            _ = try await client.block(
                .with { $0.username = alice.account.profile.username }, metadata: AccountsHarness.bearer(dave.tokens.accessToken))
            let mine = try await client.getRelations(.with { $0.userID = alice.account.userID }, metadata: asAlice)
            #expect(mine.followingIds == [bob.account.userID])
            #expect(Set(mine.blockedIds) == [carol.account.userID, dave.account.userID])
            let service = try await ServiceCredential(serviceName: "feed", secret: TestTokens.serviceSecret).token()
            let davesView = try await client.getRelations(.with { $0.userID = dave.account.userID }, metadata: AccountsHarness.bearer(service))
            #expect(davesView.followingIds.isEmpty && davesView.blockedIds == [alice.account.userID])
            await #expect {
                _ = try await client.getRelations(
                    .with { $0.userID = alice.account.userID },
                    metadata: AccountsHarness.bearer(bob.tokens.accessToken))
            } throws: { ($0 as? RPCError)?.code == .permissionDenied }
        }
    }

    @Test func deletingTheAccountNeedsThePasswordAndEndsLogIn() async throws {
        try await AccountsHarness.run { client, _ in
            let user = try await AccountsHarness.signUp(client)
            let bearer = AccountsHarness.bearer(user.tokens.accessToken)
            await #expect { _ = try await client.deleteAccount(.with { $0.password = "nope nope nope" }, metadata: bearer) } throws: {
                ($0 as? RPCError)?.code == .permissionDenied
            }
            _ = try await client.deleteAccount(.with { $0.password = "correct horse battery" }, metadata: bearer)
            await #expect {
                _ = try await client.logIn(
                    .with {
                        $0.identifier = user.account.email; $0.password = "correct horse battery"
                    })
            } throws: { ($0 as? RPCError)?.reason == "INVALID_CREDENTIALS" }
        }
    }

    @Test func searchAndPageTokensAreValidated() async throws {
        try await AccountsHarness.run { client, _ in
            let user = try await AccountsHarness.signUp(client, name: "searchable")
            let found = try await client.searchUsers(.with { $0.query = String(user.account.profile.username.prefix(14)) })
            #expect(found.profiles.map(\.username).contains(user.account.profile.username))
            await #expect {
                _ = try await client.searchUsers(
                    .with {
                        $0.query = "xyz"; $0.page = .with { $0.pageToken = "%%%" }
                    })
            } throws: { ($0 as? RPCError)?.violatedFields == ["page.page_token"] }
            await #expect {
                _ = try await client.searchUsers(
                    .with {
                        $0.query = "x"; $0.page = .with { $0.pageSize = -1 }
                    })
            } throws: { ($0 as? RPCError)?.violatedFields == ["page.page_size"] }
        }
    }

    @Test func publicKeysVerifyIssuedTokens() async throws {
        try await AccountsHarness.run { client, _ in
            let user = try await AccountsHarness.signUp(client)
            let keys = try await client.getPublicKeys(.init())
            let verifier = await AccessTokenVerifier(keySource: nil, serviceSecret: TestTokens.serviceSecret)
            try await verifier.add(keys.keys.map { JSONWebKey(x: $0.x, kid: $0.kid) })
            let caller = try await verifier.verify(user.tokens.accessToken)
            #expect(
                caller
                    == .user(
                        AuthenticatedUser(
                            id: UUID(uuidString: user.account.userID)!,
                            sessionID: UUID(uuidString: user.tokens.sessionID), emailVerified: false)))
        }
    }
}
