import Foundation

/// Submits each message to the SMTP server of `SMTP_URL`.
public struct SMTPMailTransport: MailTransport {
    let client: SMTPClient

    public init(client: SMTPClient) {
        self.client = client
    }

    public func send(_ message: MailMessage) async throws {
        // An address goes into a command line: one that could end it or the brackets is never sent.
        guard !message.to.isEmpty, !message.to.contains(where: { $0.isWhitespace || $0.isNewline || "<>\u{0}".contains($0) }) else {
            throw MailRefusal(reason: "the address cannot be written in an SMTP command")
        }
        do {
            try await client.send(message.rendered(), from: message.from.address, to: message.to)
        } catch SMTPError.refused(let command, let reply) where reply.isPermanentFailure && Self.aboutTheMessage.contains(command) {
            // A 5xx to the envelope or the content is about this message; one to the greeting or AUTH is
            // about the server or its settings, and waiting for the operator to fix them loses nothing.
            throw MailRefusal(reason: "\(command): \(reply.text)")
        }
    }

    static let aboutTheMessage: Set<String> = ["MAIL FROM", "RCPT TO", "DATA", "the message"]
}
