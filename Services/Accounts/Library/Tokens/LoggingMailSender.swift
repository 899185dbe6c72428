import Logging

/// The development mail sender: writes each message, link included, to the log.
public struct LoggingMailSender: MailSender {
    private let logger: Logger

    public init(logger: Logger) {
        self.logger = logger
    }

    public func send(_ mail: Mail) async throws {
        logger.notice("mail to \(mail.to): \(mail.subject)\n\(mail.body)")
    }
}
