import AccountsTesting
import Foundation
import GRPCCore
import RoamProto
import RoamTesting
import Testing

@testable import Accounts

/// Account mails are queued with their tokens, limited per address and hour, and go with the account.
@Suite struct AccountMailTests {
    /// In memory: PostgreSQL's transaction of token and mail is in the one-time token contract suite.
    @Test func aMailIsQueuedWithTheTokenItCarriesAndItsLinkWorks() async throws {
        try await AccountsHarness.run { client, mailer in
            let user = try await AccountsHarness.signUp(client)
            let mail = try #require(try await mailer.last(.verifyEmail, to: user.account.email))
            #expect(mail.userID.uuidString.lowercased() == user.account.userID.lowercased())
            #expect(mail.fields["link"] == "http://localhost:8080/verify-email?token=\(mail.token)" && mail.fields["username"] != nil)
            _ = try await client.verifyEmail(.with { $0.token = mail.token })
        }
    }

    /// In memory: the count it rests on is in the mail outbox's contract suite, for both stores.
    @Test func anAddressGetsAFewMailsOfAKindAnHourAndNoMore() async throws {
        var policy = AccountPolicy()
        policy.mailsPerHour = 3
        try await AccountsHarness.run(policy: policy) { client, mailer in
            let user = try await AccountsHarness.signUp(client)
            let bearer = AccountsHarness.bearer(user.tokens.accessToken)
            // The sign-up's mail was the first.
            for _ in 0..<2 { _ = try await client.resendVerificationEmail(.init(), metadata: bearer) }
            let refused = await AccountsHarness.refusal { try await client.resendVerificationEmail(.init(), metadata: bearer) }
            #expect(refused?.code == .resourceExhausted && refused?.reason == "TOO_MANY_ATTEMPTS")
            // Resets are counted apart, and past the limit answer the same while nothing more is queued.
            for _ in 0..<5 { _ = try await client.requestPasswordReset(.with { $0.email = user.account.email }) }
            let mails = try await mailer.all(to: user.account.email)
            #expect(mails.filter { $0.kind == .verifyEmail }.count == 3 && mails.filter { $0.kind == .resetPassword }.count == 3)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func aDeletedAccountsMailsGoWithIt(_ store: StoreKind) async throws {
        try await AccountsHarness.run(store: store) { client, mailer in
            let user = try await AccountsHarness.signUp(client)
            #expect(try await mailer.last(.verifyEmail, to: user.account.email) != nil)
            _ = try await client.deleteAccount(
                .with { $0.password = "correct horse battery" }, metadata: AccountsHarness.bearer(user.tokens.accessToken))
            #expect(try await mailer.last(.verifyEmail, to: user.account.email) == nil)
        }
    }
}
