import Foundation
import RoamCore

/// A notification kept in its user's inbox: what happened (`kind`), the ids an app opens it by (`data`,
/// named as the gateway's contract names them), and whether the user has read it.
public struct InboxNotification: Sendable, Equatable {
    public var id: UUID
    public var userID: UUID
    public var kind: String
    public var data: [String: String]
    public var threadID: String
    public var createdAt: Date
    public var readAt: Date?

    public init(id: UUID, userID: UUID, kind: String, data: [String: String], threadID: String, createdAt: Date, readAt: Date? = nil) {
        self.id = id
        self.userID = userID
        self.kind = kind
        self.data = data
        self.threadID = threadID
        self.createdAt = createdAt
        self.readAt = readAt
    }

    /// Where a listing resumes after this one.
    public var cursor: TimedCursor { TimedCursor(time: createdAt, id: id) }
}
