import Foundation

/// What one push shows and carries: the text in the device's language, what the app opens (`kind` and
/// `data`), the thread it groups under, the badge (the unread count), and how long it is worth sending.
public struct PushMessage: Sendable, Equatable {
    /// The notification's id: APNs' `apns-id`, so a push sent twice is recognisable.
    public var id: UUID
    public var title: String
    public var body: String
    public var kind: String
    public var data: [String: String]
    public var threadID: String
    public var badge: Int
    /// Pushes with one collapse id replace each other on the device (a budget's alerts for one trip).
    public var collapseID: String?
    /// After this the push service drops it rather than deliver it late.
    public var expiration: Date?

    public init(
        id: UUID, title: String, body: String, kind: String, data: [String: String] = [:], threadID: String = "", badge: Int = 0,
        collapseID: String? = nil, expiration: Date? = nil
    ) {
        self.id = id
        self.title = title
        self.body = body
        self.kind = kind
        self.data = data
        self.threadID = threadID
        self.badge = badge
        self.collapseID = collapseID
        self.expiration = expiration
    }
}
