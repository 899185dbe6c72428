import Foundation

/// How a composed message leaves: SMTP in a deployment, the log (and a folder) in development.
public protocol MailTransport: Sendable {
    /// Throws `MailRefusal` when the server will never take the message; any other error is worth
    /// another try later.
    func send(_ message: MailMessage) async throws
}
