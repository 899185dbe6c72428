import Foundation
import Logging

/// Development only: each message goes to the log, and, with a folder, into it as an `.eml` file that
/// `roam up`'s mail page shows. Outside development the process refuses to start with it, since its
/// links carry live tokens.
public struct LogMailTransport: MailTransport {
    let logger: Logger
    let folder: String?

    public init(logger: Logger, folder: String?) {
        self.logger = logger
        self.folder = folder
    }

    public func send(_ message: MailMessage) async throws {
        if let folder {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let name = "\(Int(message.date.timeIntervalSince1970 * 1000))-\(message.messageID.prefix(36)).eml"
            let summary: [String: String] = [
                "to": message.to, "subject": message.subject, "date": message.date.formatted(.iso8601), "text": message.text,
                "html": message.html,
            ]
            // The message as sent, and what the page shows of it; each whole or not at all.
            try write(message.rendered(), to: name, in: folder)
            try write(try JSONSerialization.data(withJSONObject: summary, options: [.sortedKeys]), to: name + ".json", in: folder)
        }
        logger.notice("mail to \(message.to): \(message.subject)\n\(message.text)")
    }

    private func write(_ data: Data, to name: String, in folder: String) throws {
        let temporary = URL(fileURLWithPath: folder).appendingPathComponent(".\(name).tmp")
        try data.write(to: temporary)
        try FileManager.default.moveItem(at: temporary, to: URL(fileURLWithPath: folder).appendingPathComponent(name))
    }
}
