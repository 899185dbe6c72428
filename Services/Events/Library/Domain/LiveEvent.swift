/// A live event as moderators see it: the event, and how many reports and bans it has.
public struct LiveEvent: Sendable, Equatable {
    public var event: Event
    public var reportCount: Int
    public var banCount: Int

    public init(event: Event, reportCount: Int, banCount: Int) {
        self.event = event
        self.reportCount = reportCount
        self.banCount = banCount
    }
}
