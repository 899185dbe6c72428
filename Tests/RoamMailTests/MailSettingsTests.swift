import RoamMail
import Testing

@testable import RoamRuntime

@Suite struct MailSettingsTests {
    static func settings(_ values: [String: String]) throws -> MailSettings {
        try MailSettings(environment: Environment(values))
    }

    static func refusal(_ values: [String: String]) -> ConfigurationError? {
        do {
            _ = try settings(values)
            return nil
        } catch {
            return error as? ConfigurationError
        }
    }

    @Test func developmentLogsMailByDefault() throws {
        #expect(try Self.settings(["ROAM_ENVIRONMENT": "development"]).transport == .log)
    }

    @Test func outsideDevelopmentTheLogTransportIsRefusedNamingTheSetting() throws {
        #expect(Self.refusal([:])?.variable == "MAIL_TRANSPORT")
        #expect(Self.refusal(["MAIL_TRANSPORT": "log"])?.variable == "MAIL_TRANSPORT")
        #expect(Self.refusal(["ROAM_ENVIRONMENT": "production", "MAIL_TRANSPORT": "log"])?.problem.contains("development") == true)
        #expect(Self.refusal(["MAIL_TRANSPORT": "carrier-pigeon"])?.variable == "MAIL_TRANSPORT")
    }

    @Test func smtpNeedsAURLAndASender() throws {
        #expect(Self.refusal(["MAIL_TRANSPORT": "smtp", "MAIL_FROM": "no-reply@example.com"])?.variable == "SMTP_URL")
        #expect(Self.refusal(["MAIL_TRANSPORT": "smtp", "SMTP_URL": "smtp://a:b@mail.example.com"])?.variable == "MAIL_FROM")
        #expect(
            Self.refusal(["MAIL_TRANSPORT": "smtp", "SMTP_URL": "smtp://a:b@mail.example.com", "MAIL_FROM": "Roam <not an address>"])?.variable
                == "MAIL_FROM")
        let settings = try Self.settings([
            "MAIL_TRANSPORT": "smtp", "SMTP_URL": "smtps://user%40example.com:p%3Ass@mail.example.com", "MAIL_FROM": "Trip Diary <hello@example.com>",
        ])
        #expect(
            settings.server == SMTPServer(host: "mail.example.com", port: 465, security: .implicitTLS, username: "user@example.com", password: "p:ss")
        )
        #expect(settings.from == MailboxAddress(name: "Trip Diary", address: "hello@example.com"))
    }

    /// compose/.env.example's SMTP password is readable by anyone: production refuses it, development does not.
    @Test func theExampleSMTPPasswordIsRefusedOutsideDevelopment() throws {
        let example = ["MAIL_TRANSPORT": "smtp", "SMTP_URL": "smtp://roam:change-me-smtp@smtp.example.com:587", "MAIL_FROM": "no-reply@example.com"]
        let refusal = Self.refusal(example)
        #expect(refusal?.variable == "SMTP_URL")
        #expect(refusal?.problem.contains("password") == true)
        #expect(try Self.settings(example.merging(["ROAM_ENVIRONMENT": "development"]) { $1 }).server?.password == "change-me-smtp")
    }

    @Test func smtpURLsSayHowToConnect() throws {
        #expect(try SMTPServer.parse("smtp://mail.example.com").get() == SMTPServer(host: "mail.example.com", port: 587, security: .startTLS))
        #expect(try SMTPServer.parse("smtp://relay:25?tls=none").get() == SMTPServer(host: "relay", port: 25, security: .none))
        for bad in ["http://mail.example.com", "smtp://", "smtps://mail.example.com?tls=none", "mail.example.com:587"] {
            #expect(throws: ConfigurationError.self, "\(bad)") { try SMTPServer.parse(bad).get() }
        }
        // A password is never sent in the clear, and a refusal never repeats it.
        #expect {
            try SMTPServer.parse("smtp://user:hunter2@relay:25?tls=none").get()
        } throws: { error in
            "\(error)".contains("TLS") && !"\(error)".contains("hunter2")
        }
    }

    @Test func theSMTPURLMayComeFromAFile() throws {
        #expect(Environment.isSecret("SMTP_URL"))
    }
}
