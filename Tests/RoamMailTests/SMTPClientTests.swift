import Foundation
import RoamMail
import RoamTesting
import Testing

/// The SMTP client against a real server (aiosmtpd) with TLS and AUTH.
@Suite struct SMTPClientTests {
    static let from = MailboxAddress(name: "Roam Tests", address: "no-reply@roam.test")

    static func message(
        to recipient: String, subject: String = "Confirm your address", text: String = "Open https://roam.test/verify?token=abc"
    )
        -> MailMessage
    {
        MailMessage(
            from: from, to: recipient, subject: subject, text: text, html: "<p>\(text)</p>", messageID: "\(UUID().uuidString.lowercased())@roam.test",
            date: Date())
    }

    static func transport(_ server: SMTPTestServer, url: String? = nil, trusting: Bool = true) throws -> SMTPMailTransport {
        let parsed = try SMTPServer.parse(url ?? server.url).get()
        return SMTPMailTransport(
            client: try SMTPClient(server: parsed, trustRoots: trusting ? server.certificateAuthority : nil, timeLimit: .seconds(20)))
    }

    @Test func sendsOverSTARTTLSWithAuthPlainAndTheServerReadsEveryPart() async throws {
        let server = try await SMTPTestServer.shared(.startTLS)
        let subject = "Välkommen, Åsa — bekräfta din adress hos Roam, som är en lång rubrik med många ord i sig"
        let text = "Hej Åsa,\n.a line that starts with a dot\n..two dots\nhttps://roam.test/verify-email?token=abc_DEF-123\n"
        try await Self.transport(server).send(Self.message(to: "asa@example.com", subject: subject, text: text))
        let mail = try #require(try await server.mails(to: "asa@example.com").first)
        #expect(mail.tls && mail.authenticated)
        #expect(mail.mailFrom == "no-reply@roam.test")
        #expect(mail.headers["Subject"] == subject)
        #expect(mail.headers["From"] == "Roam Tests <no-reply@roam.test>")
        #expect(mail.headers["Message-ID"]?.hasSuffix("@roam.test>") == true)
        #expect(mail.headers["Date"] != nil && mail.headers["Auto-Submitted"] == "auto-generated")
        #expect(mail.text.replacingOccurrences(of: "\r\n", with: "\n") == text)
        #expect(mail.html.contains("<p>Hej Åsa,"))
        #expect(mail.link(startingWith: "https://roam.test/verify-email?token=") == "https://roam.test/verify-email?token=abc_DEF-123")
    }

    @Test func sendsOverImplicitTLS() async throws {
        let server = try await SMTPTestServer.shared(.implicitTLS)
        try await Self.transport(server).send(Self.message(to: "ben@example.com"))
        let mail = try #require(try await server.mails(to: "ben@example.com").first)
        #expect(mail.tls && mail.authenticated)
    }

    @Test func refusesAServerThatDoesNotOfferSTARTTLS() async throws {
        let server = try await SMTPTestServer.shared(.none)
        let transport = try Self.transport(server, url: "smtp://roam:secret@localhost:\(server.port)")
        await #expect {
            try await transport.send(Self.message(to: "cy@example.com"))
        } throws: { error in
            guard case SMTPError.startTLSNotOffered = error else { return false }
            return true
        }
        #expect(try server.received().filter { $0.rcptTos.contains("cy@example.com") }.isEmpty)
    }

    @Test func refusesACertificateItDoesNotTrust() async throws {
        let server = try await SMTPTestServer.shared(.startTLS)
        await #expect(throws: (any Error).self) { try await Self.transport(server, trusting: false).send(Self.message(to: "di@example.com")) }
        #expect(try server.received().filter { $0.rcptTos.contains("di@example.com") }.isEmpty)
    }

    @Test func aWrongPasswordIsWorthAnotherTryOnceTheOperatorFixesIt() async throws {
        let server = try await SMTPTestServer.shared(.startTLS)
        let transport = try Self.transport(server, url: "smtp://roam:wrong@localhost:\(server.port)")
        await #expect {
            try await transport.send(Self.message(to: "ed@example.com"))
        } throws: { error in
            guard case SMTPError.refused(let command, let reply) = error else { return false }
            return command == "AUTH PLAIN" && reply.code == 535 && !"\(error)".contains("wrong")
        }
    }

    @Test func aRecipientRefusedFor5xxIsARefusalAndA4xxIsNot() async throws {
        let server = try await SMTPTestServer.shared(.startTLS)
        let transport = try Self.transport(server)
        await #expect(throws: MailRefusal.self) { try await transport.send(Self.message(to: "bounce@example.com")) }
        await #expect {
            try await transport.send(Self.message(to: "defer@example.com"))
        } throws: { error in
            guard case SMTPError.refused("RCPT TO", let reply) = error else { return false }
            return reply.isTransientFailure
        }
    }

    @Test func anAddressThatWouldEndItsCommandIsNeverSent() async throws {
        let server = try await SMTPTestServer.shared(.startTLS)
        let transport = try Self.transport(server)
        for address in ["ann@example.com>\r\nRCPT TO:<eve@example.com", "ann@example.com\nDATA", "<ann@example.com>", ""] {
            await #expect(throws: MailRefusal.self, "\(address)") { try await transport.send(Self.message(to: address)) }
        }
        #expect(try server.received().filter { $0.rcptTos.contains("eve@example.com") }.isEmpty)
    }

    @Test func aStoppedServerIsAnErrorWorthAnotherTry() async throws {
        let server = try await SMTPTestServer.start(.startTLS)
        await server.stopAndForget()
        await #expect {
            try await Self.transport(server).send(Self.message(to: "flo@example.com"))
        } throws: { error in
            !(error is MailRefusal)
        }
    }
}
