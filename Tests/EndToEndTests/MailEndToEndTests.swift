import Foundation
import RoamTesting
import Testing

/// Account mails through the gateway, sent by the accounts process to a real SMTP server (aiosmtpd
/// with STARTTLS and AUTH). Each test runs a stack of its own, in its turn with the other suites' stacks
/// of processes (`FullStackTurns`): beside them at the suite's start, a loaded machine took over a
/// minute to start another test's services.
@Suite(.serialized) struct MailEndToEndTests {
    /// Runs `body` in this test process's turn for a stack of processes.
    static func inTurn(_ body: () async throws -> Void) async throws {
        await FullStackTurns.shared.take()
        do {
            try await body()
        } catch {
            await FullStackTurns.shared.give()
            throw error
        }
        await FullStackTurns.shared.give()
    }

    static func environment(_ smtp: SMTPTestServer) -> [String: String] {
        [
            "MAIL_TRANSPORT": "smtp", "SMTP_URL": smtp.url, "SMTP_CA_PATH": smtp.certificateAuthority,
            "MAIL_FROM": "Trip Diary <no-reply@diary.example>", "MAIL_PRODUCT_NAME": "Trip Diary",
            "EMAIL_LINK_BASE_URL": "https://diary.example", "MAIL_RETRY_MAX_PAUSE": "2s", "LOG_LEVEL": "info",
        ]
    }

    static func token(in mail: ReceivedMail, page: String) throws -> String {
        let link = try #require(mail.link(startingWith: "https://diary.example/\(page)?token="))
        return String(link.dropFirst("https://diary.example/\(page)?token=".count))
    }

    @Test func signUpMailsALinkThatVerifiesAndAResetByMailSetsANewPassword() async throws {
        try await Self.inTurn {
            let smtp = try await SMTPTestServer.start()
            let stack = try await ProcessStack.startAccounts(environment: Self.environment(smtp))
            let (gateway, http) = try await stack.startGateway(readyPath: "/healthz")
            let name = "ada_\(UUID().uuidString.prefix(6).lowercased())"
            let (_, access) = try await http.signUp(name)
            let address = "\(name)@example.com"

            let welcome = try #require(try await smtp.mails(to: address).first)
            #expect(welcome.tls && welcome.authenticated)
            #expect(welcome.headers["Subject"] == "Confirm your address for Trip Diary")
            #expect(welcome.headers["From"] == "Trip Diary <no-reply@diary.example>")
            #expect(welcome.html.contains("https://diary.example/verify-email?token="))
            let verification = try Self.token(in: welcome, page: "verify-email")
            #expect(try await http.send("POST", "/v1/auth/verify-email", json: ["token": verification]).status == 204)
            #expect(try await http.send("GET", "/v1/me", token: access).json()["emailVerified"] as? Bool == true)

            #expect(try await http.send("POST", "/v1/auth/password-reset", json: ["email": address]).status == 202)
            let resetMail = try #require(try await smtp.mails(to: address, count: 2).last)
            #expect(resetMail.headers["Subject"] == "Reset your Trip Diary password")
            let reset = try Self.token(in: resetMail, page: "reset-password")
            let confirmed = try await http.send(
                "POST", "/v1/auth/password-reset/confirm", json: ["token": reset, "newPassword": "a much better passphrase"])
            #expect(confirmed.status == 204)
            let login = try await http.send("POST", "/v1/auth/login", json: ["identifier": name, "password": "a much better passphrase"])
            #expect(login.status == 200)
            // An address with no account is answered the same, and gets nothing.
            #expect(try await http.send("POST", "/v1/auth/password-reset", json: ["email": "nobody_\(name)@example.com"]).status == 202)

            // A mail the server refuses for good is failed with its answer, which `roam mail` shows the operator.
            let bounced = "bounce_\(UUID().uuidString.prefix(6).lowercased())"
            _ = try await http.signUp(bounced)
            let accounts = ["ACCOUNTS_ADDRESS": "127.0.0.1:\(stack.accountsPort)"]
            var failed = try await runRoam(["mail", "--status", "failed"], environment: accounts)
            let asked = ContinuousClock.now
            while !failed.output.contains(bounced) && ContinuousClock.now - asked < .seconds(30) {
                try await Task.sleep(for: .milliseconds(300))
                failed = try await runRoam(["mail", "--status", "failed"], environment: accounts)
            }
            #expect(failed.status == 0 && failed.output.contains("verifyEmail to \(bounced)@example.com  failed"), "\(failed.output)")
            #expect(failed.output.contains("550 5.1.1 no such mailbox"), "\(failed.output)")
            let all = try await runRoam(["mail"], environment: accounts)
            #expect(all.output.contains("0 pending, 2 sent, 1 failed") && all.output.contains("resetPassword to \(address)  sent"), "\(all.output)")
            #expect(!all.output.contains(verification) && !all.output.contains(reset))

            // The links' secrets are in the mails only, never in a log.
            await expectCleanStops(gateway, stack.accounts)
            for secret in [verification, reset] {
                #expect(!stack.accounts.output.contains(secret) && !gateway.output.contains(secret))
            }
            #expect(try smtp.received().filter { $0.rcptTos.contains("nobody_\(name)@example.com") }.isEmpty)
            await smtp.stopAndForget()
        }
    }

    @Test func mailsComeInTheLanguageTheAccountReads() async throws {
        try await Self.inTurn {
            let smtp = try await SMTPTestServer.start()
            let stack = try await ProcessStack.startAccounts(environment: Self.environment(smtp))
            let (gateway, http) = try await stack.startGateway(readyPath: "/healthz")
            let name = "asa_\(UUID().uuidString.prefix(6).lowercased())"
            let address = "\(name)@example.com"
            let signedUp = try await http.send(
                "POST", "/v1/auth/signup",
                json: ["email": address, "username": name, "password": "correct horse battery", "displayName": "Åsa", "language": "sv-SE"])
            #expect(signedUp.status == 201, "\(signedUp.text)")
            let account = try #require(try signedUp.json()["account"] as? [String: Any])
            #expect(account["language"] as? String == "sv-SE")
            let access = try #require((try signedUp.json()["tokens"] as? [String: Any])?["accessToken"] as? String)
            #expect(try await smtp.mails(to: address).first?.headers["Subject"] == "Bekräfta din adress hos Trip Diary")

            // A language with no templates of its own falls back to English; null is English again.
            #expect(try await http.send("PATCH", "/v1/me", json: ["language": "pt-BR"], token: access).json()["language"] as? String == "pt-BR")
            #expect(try await http.send("POST", "/v1/auth/password-reset", json: ["email": address]).status == 202)
            #expect(try await smtp.mails(to: address, count: 2).last?.headers["Subject"] == "Reset your Trip Diary password")
            let cleared = try await http.send("PATCH", "/v1/me", json: ["language": NSNull()], token: access)
            let clearedLanguage = try cleared.json()["language"]
            #expect(cleared.status == 200 && clearedLanguage == nil, "\(cleared.text)")
            for bad in ["swedish", "s", "sv_SE", "sv-", "sv-SE-\u{0}", String(repeating: "a", count: 40)] {
                let refused = try await http.send("PATCH", "/v1/me", json: ["language": bad], token: access)
                #expect(refused.status == 400 && refused.problemFields == ["language"], "\(bad): \(refused.status) \(refused.text)")
            }
            let badSignUp = try await http.send(
                "POST", "/v1/auth/signup",
                json: ["email": "x\(address)", "username": "x\(name)", "password": "correct horse battery", "displayName": "X", "language": "123"])
            #expect(badSignUp.status == 400 && badSignUp.problemFields == ["language"], "\(badSignUp.text)")
            // Another user sees no one's language.
            let (_, other) = try await http.signUp("other_\(name)")
            let seen = try await http.send("GET", "/v1/users/\(name)", token: other)
            #expect(seen.status == 200 && !seen.text.contains("language"), "\(seen.text)")
            await expectCleanStops(gateway, stack.accounts)
            await smtp.stopAndForget()
        }
    }

    @Test func aMailServerAwayForThirtySecondsLosesNoMailAndTwoReplicasSendEachOnce() async throws {
        try await Self.inTurn {
            let smtp = try await SMTPTestServer.start()
            let stack = try await ProcessStack.startAccounts(environment: Self.environment(smtp))
            let secondPort = FreePort.next()
            let second = try stack.accounts.relaunch(changing: ["GRPC_PORT": "\(secondPort)"])
            try await second.waitUntilServing(port: secondPort, service: "roam.accounts.v1.AccountsService")
            let (gateway, http) = try await stack.startGateway(
                environment: ["ACCOUNTS_ADDRESS": "127.0.0.1:\(stack.accountsPort),127.0.0.1:\(secondPort)"], readyPath: "/healthz")

            await smtp.stop()
            let names = (0..<6).map { "away\($0)_\(UUID().uuidString.prefix(6).lowercased())" }
            for name in names { _ = try await http.signUp(name) }
            try await Task.sleep(for: .seconds(30))
            #expect(try smtp.received().isEmpty)
            try await smtp.resume()
            for name in names { #expect(try await smtp.mails(to: "\(name)@example.com").count == 1, "\(name)") }
            // Both replicas kept trying; neither sends one twice.
            try await Task.sleep(for: .seconds(4))
            for name in names { #expect(try smtp.received().filter { $0.rcptTos.contains("\(name)@example.com") }.count == 1, "\(name)") }
            await expectCleanStops(gateway, second, stack.accounts)
            await smtp.stopAndForget()
        }
    }
}
