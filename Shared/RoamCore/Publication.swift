import Foundation

/// A notification another service hands over for one user. `key` is unique among what that service
/// publishes for the user (`budget_alert:<alert id>`), so a publication sent again is filed once.
public struct Publication: Sendable, Equatable {
    public var userID: UUID
    public var kind: String
    public var key: String
    public var data: [String: String]
    public var threadID: String
    public var at: Date
    /// The zone the user is in when it is about a trip (quiet hours are read there); nil: their own.
    public var timeZone: String?
    /// Publications of one group (`likes:post:<id>`) gather in one unread notification: `actorId` joins
    /// its `actorIds`, `count` replaces its count, and it moves to the top and is pushed again.
    public var group: String?

    public init(
        userID: UUID, kind: String, key: String, data: [String: String] = [:], threadID: String = "", at: Date, timeZone: String? = nil,
        group: String? = nil
    ) {
        self.group = group
        self.userID = userID
        self.kind = kind
        self.key = key
        self.data = data
        self.threadID = threadID
        self.at = at
        self.timeZone = timeZone
    }
}
