import Foundation

/// Submits each message to the SMTP server of `SMTP_URL`.
public struct SMTPMailTransport: MailTransport {
    let client: SMTPClient

    public init(client: SMTPClient) {
        self.client = client
    }

    public func send(_ message: MailMessage) async throws {
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
