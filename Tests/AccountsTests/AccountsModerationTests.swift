import Foundation
import GRPCCore
import RoamProto
import RoamRuntime
import RoamTesting
import SwiftProtobuf
import Testing

@testable import Accounts

/// Roles and suspension: what an operator (the service credential) and moderators may do with
/// accounts, through the generated clients and the real interceptors.
@Suite struct AccountsModerationTests {
    static func operatorToken() async throws -> Metadata {
        AccountsHarness.bearer(try await ServiceCredential(serviceName: "roam-users", secret: TestTokens.serviceSecret).token())
    }

    static func logIn(_ client: AccountsClient, _ username: String) async throws -> Roam_Accounts_V1_LogInResponse {
        try await client.logIn(
            .with {
                $0.identifier = username; $0.password = "correct horse battery"
            })
    }

    @Test(arguments: StoreKind.allCases)
    func aSuspendedAccountCannotSignInIsHiddenAndIsToldByMailUntilLifted(store: StoreKind) async throws {
        try await AccountsHarness.runWithAdmin(store: store) { client, admin, mails in
            let walker = try await AccountsHarness.signUp(client)
            let username = walker.account.profile.username
            let address = "\(username)@example.com"
            let loggedIn = try await Self.logIn(client, username)
            let until = Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down) + 3600)
            let operatorToken = try await Self.operatorToken()

            let change = try await admin.suspendAccount(
                .with {
                    $0.user = "@\(username)"
                    $0.until = Google_Protobuf_Timestamp(date: until)
                    $0.reason = "Spam in event chats"
                    $0.actor = "ana"
                }, metadata: operatorToken)
            #expect(!change.before.hasSuspension)
            #expect(change.after.suspension.reason == "Spam in event chats")
            #expect(change.after.suspension.until.date == until)
            #expect(change.after.suspension.suspendedBy == "operator:ana" && change.actor == "operator:ana")
            #expect(change.sessionsEnded == 2, "the sign-up's session and the log-in's")

            // Log-in and refresh say why, and until when; nobody else learns the account exists.
            let refused = await AccountsHarness.refusal { try await Self.logIn(client, username) }
            #expect(refused?.code == .permissionDenied && refused?.reason == "ACCOUNT_SUSPENDED")
            #expect(refused.map { RoamError($0).suspendedUntil } == until)
            #expect(refused?.message.contains("Spam in event chats") == true)
            let refresh = await AccountsHarness.refusal { try await client.refreshSession(.with { $0.refreshToken = loggedIn.tokens.refreshToken }) }
            #expect(refresh?.reason == "ACCOUNT_SUSPENDED")
            let wrongPassword = await AccountsHarness.refusal {
                try await client.logIn(
                    .with {
                        $0.identifier = username; $0.password = "not the password"
                    })
            }
            #expect(wrongPassword?.reason == "INVALID_CREDENTIALS", "a guesser is not told the account is suspended")
            let profile = await AccountsHarness.refusal { try await client.getProfile(.with { $0.username = username }) }
            #expect(profile?.code == .notFound)
            let search = try await client.searchUsers(.with { $0.query = username })
            #expect(search.profiles.isEmpty)
            let found = try await admin.findAccounts(.with { $0.query = username }, metadata: operatorToken)
            #expect(found.accounts.map(\.username) == [username] && found.accounts[0].hasSuspension, "operators still find it")

            let notice = try #require(try await mails.last(.accountSuspended, to: address))
            #expect(notice.fields["reason"] == "Spam in event chats" && notice.fields["until"] == RFC3339.string(from: until))

            let lifted = try await admin.liftSuspension(.with { $0.user = walker.account.userID }, metadata: operatorToken)
            #expect(lifted.before.hasSuspension && !lifted.after.hasSuspension)
            #expect(try await mails.last(.accountReinstated, to: address) != nil)
            _ = try await Self.logIn(client, username)
            _ = try await client.getProfile(.with { $0.username = username })
            let again = try await admin.liftSuspension(.with { $0.user = username }, metadata: operatorToken)
            #expect(!again.before.hasSuspension && !again.after.hasSuspension, "lifting twice changes nothing")
            #expect(try await mails.all(to: address).filter { $0.kind == .accountReinstated }.count == 1)
        }
    }

    @Test func aSuspensionEndsByItselfAtItsEnd() async throws {
        let clock = TestClock()
        try await AccountsHarness.runWithAdmin(now: { clock.now }) { client, admin, _ in
            let walker = try await AccountsHarness.signUp(client)
            let username = walker.account.profile.username
            _ = try await admin.suspendAccount(
                .with {
                    $0.user = username
                    $0.until = Google_Protobuf_Timestamp(date: clock.now.addingTimeInterval(60))
                    $0.reason = "Cooling off"
                }, metadata: try await Self.operatorToken())
            #expect(await AccountsHarness.refusal { try await Self.logIn(client, username) }?.reason == "ACCOUNT_SUSPENDED")
            clock.advance(by: 61)
            _ = try await Self.logIn(client, username)
            let record = try await admin.describeAccount(.with { $0.user = username }, metadata: try await Self.operatorToken())
            #expect(!record.account.hasSuspension, "an ended suspension is not shown as holding")
        }
    }

    @Test(arguments: StoreKind.allCases)
    func rolesComeOnlyFromAnOperatorRideInTheTokenAndTakingOneEndsTheSessions(store: StoreKind) async throws {
        try await AccountsHarness.runWithAdmin(store: store) { client, admin, _ in
            let mod = try await AccountsHarness.signUp(client, name: "mod")
            let username = mod.account.profile.username
            let plain = AccountsHarness.bearer(mod.tokens.accessToken)
            let find = Roam_Accounts_V1_FindAccountsRequest.with { $0.query = username }
            #expect(await AccountsHarness.refusal { try await admin.findAccounts(find, metadata: plain) }?.code == .permissionDenied)

            let granted = try await admin.grantRole(
                .with {
                    $0.user = username; $0.role = "moderator"
                }, metadata: try await Self.operatorToken())
            #expect(granted.before.roles.isEmpty && granted.after.roles == ["moderator"] && granted.sessionsEnded == 0)
            #expect(
                await AccountsHarness.refusal { try await admin.findAccounts(find, metadata: plain) }?.code == .permissionDenied,
                "an old token has no role")
            let moderator = try await Self.logIn(client, username)
            let asModerator = AccountsHarness.bearer(moderator.tokens.accessToken)
            #expect(try await admin.findAccounts(find, metadata: asModerator).accounts.map(\.roles) == [["moderator"]])

            // A moderator cannot grant roles, not even to themselves: roles never come from a token.
            let selfGrant = await AccountsHarness.refusal {
                try await admin.grantRole(
                    .with {
                        $0.user = username; $0.role = "admin"
                    }, metadata: asModerator)
            }
            #expect(selfGrant?.code == .permissionDenied)

            let taken = try await admin.revokeRole(
                .with {
                    $0.user = username; $0.role = "moderator"
                }, metadata: try await Self.operatorToken())
            #expect(taken.after.roles.isEmpty && taken.sessionsEnded == 2)
            let refresh = await AccountsHarness.refusal { try await client.refreshSession(.with { $0.refreshToken = moderator.tokens.refreshToken }) }
            #expect(refresh?.reason == "SESSION_REVOKED")
            let fresh = try await Self.logIn(client, username)
            #expect(
                await AccountsHarness.refusal { try await admin.findAccounts(find, metadata: AccountsHarness.bearer(fresh.tokens.accessToken)) }?
                    .code == .permissionDenied)
        }
    }

    @Test func moderatorsActOnPlainAccountsAdminsOnModeratorsAndOnlyOperatorsOnAdmins() async throws {
        try await AccountsHarness.runWithAdmin { client, admin, _ in
            let operatorToken = try await Self.operatorToken()
            func staff(_ name: String, _ roles: [String]) async throws -> (username: String, id: String, token: Metadata) {
                let account = try await AccountsHarness.signUp(client, name: name)
                for role in roles {
                    _ = try await admin.grantRole(
                        .with {
                            $0.user = account.account.userID; $0.role = role
                        }, metadata: operatorToken)
                }
                let session = try await Self.logIn(client, account.account.profile.username)
                return (account.account.profile.username, account.account.userID, AccountsHarness.bearer(session.tokens.accessToken))
            }
            let moderator = try await staff("mod", ["moderator"])
            let other = try await staff("othermod", ["moderator"])
            let chief = try await staff("chief", ["admin"])
            let plain = try await AccountsHarness.signUp(client, name: "plain")
            func suspend(_ user: String, by token: Metadata) async -> RPCError? {
                await AccountsHarness.refusal {
                    try await admin.suspendAccount(
                        .with {
                            $0.user = user; $0.reason = "Test"
                        }, metadata: token)
                }
            }
            #expect(await suspend(moderator.username, by: moderator.token)?.code == .permissionDenied, "not oneself")
            #expect(await suspend(other.username, by: moderator.token)?.code == .permissionDenied, "not another moderator")
            #expect(await suspend(chief.username, by: moderator.token)?.code == .permissionDenied)
            #expect(await suspend(chief.username, by: chief.token)?.code == .permissionDenied)
            #expect(await suspend(plain.account.profile.username, by: moderator.token) == nil)
            #expect(await suspend(other.username, by: chief.token) == nil, "an admin may suspend a moderator")
            #expect(await suspend(chief.username, by: operatorToken) == nil, "an operator anyone")

            let described = try await admin.describeAccount(
                .with { $0.user = "\(plain.account.profile.username)@example.com" }, metadata: moderator.token)
            #expect(described.account.suspension.suspendedBy == "user:\(moderator.id)", "a moderator is named by their account")
        }
    }

    @Test func badRequestsNameTheirField() async throws {
        try await AccountsHarness.runWithAdmin { client, admin, _ in
            let operatorToken = try await Self.operatorToken()
            let walker = try await AccountsHarness.signUp(client)
            let username = walker.account.profile.username
            let noReason = await AccountsHarness.refusal {
                try await admin.suspendAccount(
                    .with {
                        $0.user = username; $0.reason = "  "
                    }, metadata: operatorToken)
            }
            #expect(noReason?.violatedFields == ["reason"])
            let past = await AccountsHarness.refusal {
                try await admin.suspendAccount(
                    .with {
                        $0.user = username; $0.reason = "Spam"; $0.until = Google_Protobuf_Timestamp(date: Date().addingTimeInterval(-5))
                    }, metadata: operatorToken)
            }
            #expect(past?.violatedFields == ["until"])
            let long = await AccountsHarness.refusal {
                try await admin.suspendAccount(
                    .with {
                        $0.user = username; $0.reason = String(repeating: "x", count: 501)
                    }, metadata: operatorToken)
            }
            #expect(long?.violatedFields == ["reason"])
            let role = await AccountsHarness.refusal {
                try await admin.grantRole(
                    .with {
                        $0.user = username; $0.role = "owner"
                    }, metadata: operatorToken)
            }
            #expect(role?.violatedFields == ["role"])
            let nobody = await AccountsHarness.refusal {
                try await admin.describeAccount(.with { $0.user = "nobody_\(UUID().uuidString.prefix(6))" }, metadata: operatorToken)
            }
            #expect(nobody?.code == .notFound)
            let anonymous = await AccountsHarness.refusal { try await admin.findAccounts(.with { $0.query = "a" }) }
            #expect(anonymous?.code == .unauthenticated)
        }
    }
}
