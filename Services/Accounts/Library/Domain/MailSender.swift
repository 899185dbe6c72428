/// Sends account emails (verification, password reset). Deployments plug in a real sender; the
/// development sender writes the message to the log.
public protocol MailSender: Sendable {
    func send(_ mail: Mail) async throws
}
