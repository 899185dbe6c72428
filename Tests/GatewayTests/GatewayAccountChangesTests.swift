import AccountsTesting
import Foundation
import RoamTesting
import Testing

@testable import Accounts

/// Provider sign-in, email and username changes and the terms, through the real gateway and the real
/// accounts service, with a local OpenID Connect issuer.
@Suite struct GatewayAccountChangesTests {
    static let clientID = "roam-gateway-test"

    static func nonce() -> String { "n-\(UUID().uuidString)" }

    @Test func signingInWithAProviderThroughTheGateway() async throws {
        try await LocalIssuer.with { issuer in
            var policy = AccountPolicy()
            policy.termsVersion = "2026-11"
            let provider = IdentityProvider(name: "acme", issuers: [issuer.url], clientIDs: [Self.clientID])
            try await GatewayHarness.withAccounts(policy: policy, providers: [provider]) { http in
                let options = try await http.send("GET", "/v1/auth/options")
                #expect(options.status == 200)
                #expect(try options.json()["providers"] as? [String] == ["acme"])
                #expect(try options.json()["termsVersion"] as? String == "2026-11")

                let subject = UUID().uuidString
                var nonce = Self.nonce()
                var token = try await issuer.idToken(
                    subject: subject, audience: Self.clientID, nonce: nonce, email: "oda@example.com",
                    emailVerified: true, name: "Oda Nilsen")
                let noTerms = try await http.send("POST", "/v1/auth/oidc", json: ["provider": "acme", "idToken": token, "nonce": nonce])
                #expect(noTerms.status == 422 && noTerms.reason == "TERMS_NOT_ACCEPTED" && noTerms.problemFields == ["termsVersion"])
                nonce = Self.nonce()
                token = try await issuer.idToken(
                    subject: subject, audience: Self.clientID, nonce: nonce, email: "oda@example.com",
                    emailVerified: true, name: "Oda Nilsen")
                let signedIn = try await http.send(
                    "POST", "/v1/auth/oidc",
                    json: [
                        "provider": "acme", "idToken": token, "nonce": nonce, "acceptTermsVersion": "2026-11", "deviceName": "Oda's phone",
                    ])
                #expect(signedIn.status == 200)
                #expect(try signedIn.json()["created"] as? Bool == true)
                let account = try #require(try signedIn.json()["account"] as? [String: Any])
                #expect(account["hasPassword"] as? Bool == false && account["termsVersion"] as? String == "2026-11")
                #expect((account["profile"] as? [String: Any])?["username"] as? String == "oda_nilsen")
                let access = try #require((try signedIn.json()["tokens"] as? [String: Any])?["accessToken"] as? String)

                let replayed = try await http.send("POST", "/v1/auth/oidc", json: ["provider": "acme", "idToken": token, "nonce": nonce])
                #expect(replayed.status == 401 && replayed.reason == "NONCE_REUSED" && replayed.problemFields == ["nonce"])
                nonce = Self.nonce()
                let forged = try await http.send(
                    "POST", "/v1/auth/oidc",
                    json: [
                        "provider": "acme", "nonce": nonce,
                        "idToken": try await issuer.idToken(subject: subject, audience: Self.clientID, nonce: nonce, forged: true),
                    ])
                #expect(forged.status == 401 && forged.reason == "INVALID_ID_TOKEN" && forged.problemFields == ["idToken"])
                nonce = Self.nonce()
                let misaddressed = try await http.send(
                    "POST", "/v1/auth/oidc",
                    json: [
                        "provider": "acme", "nonce": nonce,
                        "idToken": try await issuer.idToken(subject: subject, audience: "another-app", nonce: nonce),
                    ])
                #expect(misaddressed.status == 401 && misaddressed.reason == "INVALID_ID_TOKEN")
                nonce = Self.nonce()
                let expired = try await http.send(
                    "POST", "/v1/auth/oidc",
                    json: [
                        "provider": "acme", "nonce": nonce,
                        "idToken": try await issuer.idToken(subject: subject, audience: Self.clientID, nonce: nonce, expiresIn: -120),
                    ])
                #expect(expired.status == 401 && expired.reason == "INVALID_ID_TOKEN")
                let unknown = try await http.send("POST", "/v1/auth/oidc", json: ["provider": "nope", "idToken": "x.y.z", "nonce": Self.nonce()])
                #expect(unknown.status == 400 && unknown.problemFields == ["provider"])
                let empty = try await http.send("POST", "/v1/auth/oidc", json: ["provider": "acme", "idToken": "", "nonce": Self.nonce()])
                #expect(empty.status == 400 && empty.problemFields == ["idToken"])

                let linked = try await http.send("GET", "/v1/me/providers", token: access)
                #expect((try linked.json()["providers"] as? [[String: Any]])?.first?["provider"] as? String == "acme")
                let last = try await http.send("DELETE", "/v1/me/providers/acme", token: access)
                #expect(last.status == 409 && last.reason == "LAST_SIGN_IN_METHOD")
                let notLinked = try await http.send("DELETE", "/v1/me/providers/other", token: access)
                #expect(notLinked.status == 404)
                let hostile = try await http.send("DELETE", "/v1/me/providers/%3Cscript%3E", token: access)
                #expect(hostile.status == 404)
                // A first password needs no current one; then the provider may go.
                let password = try await http.send("POST", "/v1/me/password", json: ["newPassword": "a long new passphrase"], token: access)
                #expect(password.status == 204)
                #expect(try await http.send("DELETE", "/v1/me/providers/acme", token: access).status == 204)
            }
        }
    }

    /// The emailed links open pages that work in any browser: opening one changes nothing (mail
    /// scanners open links too), its form does; a used or forged token is a page that says so.
    @Test func theEmailedLinksOpenPagesThatConfirmAndResetInABrowser() async throws {
        let store = InMemoryAccountsStore()
        let mailer = AccountMails(store)
        try await GatewayHarness.withAccounts(store: store) { http in
            let ana = try await GatewayAccountsTests.signUp(http, "ana_links")
            let verify = try #require(try await mailer.last(.verifyEmail, to: "ana_links@example.com"))
            let page = try await http.send("GET", "/verify-email?token=\(verify.token)")
            #expect(page.status == 200 && page.text.contains("<form method=\"post\" action=\"/verify-email\">") && page.text.contains(verify.token))
            #expect(page.text.contains("<b>ana_links@example.com</b> is the address of your account <b>@ana_links</b>"), "\(page.text)")
            #expect(
                try await http.send("GET", "/v1/me", token: ana.access).json()["emailVerified"] as? Bool == false, "opening the link changes nothing")
            let form = ["Content-Type": "application/x-www-form-urlencoded"]
            let confirmed = try await http.send("POST", "/verify-email", body: Data("token=\(verify.token)".utf8), headers: form)
            #expect(confirmed.status == 200 && confirmed.text.contains("Address confirmed"), "\(confirmed.text)")
            #expect(try await http.send("GET", "/v1/me", token: ana.access).json()["emailVerified"] as? Bool == true)
            let again = try await http.send("POST", "/verify-email", body: Data("token=\(verify.token)".utf8), headers: form)
            #expect(again.status == 400 && again.text.contains("expired or was used"), "\(again.text)")
            // What the address carries is shown as text, never as markup.
            let hostile = try await http.send("GET", "/verify-email?token=%22%3E%3Cscript%3Ealert(1)%3C/script%3E")
            #expect(hostile.status == 400 && !hostile.text.contains("<script>") && hostile.text.contains("expired or was used"))
            #expect(hostile.headers["Content-Security-Policy"]?.contains("default-src 'none'") == true)

            // An email change's page says plainly which account asks for the address.
            let change = try await http.send(
                "POST", "/v1/me/email", json: ["newEmail": "someone_else@example.com", "password": "correct horse battery"], token: ana.access)
            #expect(change.status == 202, "\(change.text)")
            let changeLink = try #require(try await mailer.last(.changeEmail, to: "someone_else@example.com"))
            let changePage = try await http.send("GET", "/verify-email?token=\(changeLink.token)")
            #expect(changePage.text.contains("The account <b>@ana_links</b> asks to use <b>someone_else@example.com</b>"), "\(changePage.text)")
            #expect(changePage.text.contains("Confirm only if @ana_links is your account"))

            #expect(try await http.send("POST", "/v1/auth/password-reset", json: ["email": "ana_links@example.com"]).status == 202)
            let reset = try #require(try await mailer.last(.resetPassword, to: "ana_links@example.com"))
            #expect(try await http.send("GET", "/reset-password?token=\(reset.token)").text.contains("name=\"newPassword\""))
            let weak = try await http.send("POST", "/reset-password", body: Data("token=\(reset.token)&newPassword=password".utf8), headers: form)
            #expect(weak.status == 400 && weak.text.contains("The new password") && weak.text.contains("name=\"newPassword\""), "\(weak.text)")
            let changed = try await http.send(
                "POST", "/reset-password", body: Data("token=\(reset.token)&newPassword=a+fresh+start+2026".utf8), headers: form)
            #expect(changed.status == 200 && changed.text.contains("Password changed"), "\(changed.text)")
            let login = try await http.send("POST", "/v1/auth/login", json: ["identifier": "ana_links", "password": "a fresh start 2026"])
            #expect(login.status == 200)
        }
    }

    @Test func changingEmailAndUsernameThroughTheGateway() async throws {
        let store = InMemoryAccountsStore()
        let mailer = AccountMails(store)
        try await GatewayHarness.withAccounts(store: store) { http in
            let ana = try await GatewayAccountsTests.signUp(http, "ana_moves")
            let bad = try await http.send("POST", "/v1/me/email", json: ["newEmail": "nope", "password": "correct horse battery"], token: ana.access)
            #expect(bad.status == 400 && bad.problemFields == ["newEmail"])
            let wrong = try await http.send(
                "POST", "/v1/me/email", json: ["newEmail": "ana@elsewhere.example", "password": "wrong one!"], token: ana.access)
            #expect(wrong.status == 403 && wrong.problemFields == ["password"])
            let asked = try await http.send(
                "POST", "/v1/me/email", json: ["newEmail": "ana@elsewhere.example", "password": "correct horse battery"],
                token: ana.access)
            #expect(asked.status == 202)
            #expect(try await http.send("GET", "/v1/me", token: ana.access).json()["email"] as? String == "ana_moves@example.com")
            let link = try #require(try await mailer.last(.changeEmail, to: "ana@elsewhere.example"))
            #expect(try await http.send("POST", "/v1/auth/verify-email", json: ["token": link.token]).status == 204)
            let me = try await http.send("GET", "/v1/me", token: ana.access)
            #expect(try me.json()["email"] as? String == "ana@elsewhere.example" && me.json()["emailVerified"] as? Bool == true)
            #expect(try await mailer.last(.emailChanged, to: "ana_moves@example.com") != nil)

            _ = try await GatewayAccountsTests.signUp(http, "ben_stays")
            let takenAddress = try await http.send(
                "POST", "/v1/me/email", json: ["newEmail": "ben_stays@example.com", "password": "correct horse battery"],
                token: ana.access)
            // Answered as any address is: whether it has an account is its owner's to know (told by mail).
            #expect(takenAddress.status == 202 && takenAddress.text.isEmpty, "\(takenAddress.text)")
            #expect(try await mailer.last(.emailInUse, to: "ben_stays@example.com")?.fields["requester"] == "ana_moves")
            let noTerms = try await http.send("POST", "/v1/me/terms", json: ["version": "2026-11"], token: ana.access)
            #expect(noTerms.status == 409 && noTerms.reason == "NO_TERMS")
            let taken = try await http.send("PUT", "/v1/me/username", json: ["username": "BEN_STAYS"], token: ana.access)
            #expect(taken.status == 409 && taken.reason == "USERNAME_TAKEN" && taken.problemFields == ["username"])
            let renamed = try await http.send("PUT", "/v1/me/username", json: ["username": "ana_roams"], token: ana.access)
            #expect(renamed.status == 200)
            #expect((try renamed.json()["profile"] as? [String: Any])?["username"] as? String == "ana_roams")
            #expect(try renamed.json()["usernameChangedAt"] is String)
            #expect(try await http.send("GET", "/v1/users/ana_moves", token: ana.access).status == 404)
            #expect(try await http.send("GET", "/v1/users/ana_roams", token: ana.access).status == 200)
            let again = try await http.send("PUT", "/v1/me/username", json: ["username": "ana_again"], token: ana.access)
            #expect(again.status == 409 && again.reason == "USERNAME_CHANGED_RECENTLY")
            let missing = try await http.send("PUT", "/v1/me/username", json: [:], token: ana.access)
            #expect(missing.status == 400)
            let anonymous = try await http.send("PUT", "/v1/me/username", json: ["username": "ghost_user"])
            #expect(anonymous.status == 401)
        }
    }
}
