import RoamCore

/// One page of an inbox and the number of its notifications still unread.
public struct InboxPage: Sendable {
    public var page: Page<InboxNotification>
    public var unread: Int

    public init(page: Page<InboxNotification>, unread: Int) {
        self.page = page
        self.unread = unread
    }
}
