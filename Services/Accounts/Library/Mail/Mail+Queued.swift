import Foundation
import RoamMail

extension Mail {
    /// The mail as the outbox keeps it.
    var queued: QueuedMail {
        QueuedMail(id: id, userID: userID, kind: kind.rawValue, recipient: to, language: language, fields: fields, createdAt: createdAt)
    }

    init?(queued: QueuedMail) {
        guard let kind = Kind(rawValue: queued.kind), let userID = queued.userID else { return nil }
        self.init(
            id: queued.id, userID: userID, kind: kind, to: queued.recipient, language: queued.language, fields: queued.fields,
            createdAt: queued.createdAt)
    }
}
