import Accounts
import Synchronization

/// Keeps every mail instead of sending it, so tests can follow verification, email-change and reset links.
public final class RecordingMailSender: MailSender {
    private let mails = Mutex<[Mail]>([])

    public init() {}

    public func send(_ mail: Mail) async throws {
        mails.withLock { $0.append(mail) }
    }

    /// The last mail of `kind` sent to `address`.
    public func last(_ kind: Mail.Kind, to address: String) -> Mail? {
        mails.withLock { $0.last { $0.kind == kind && $0.to == address } }
    }
}
