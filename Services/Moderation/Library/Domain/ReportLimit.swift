import Foundation

/// How many reports one account may file in a window (an hour): enough for anyone reporting what they
/// see, not for flooding the queue.
public struct ReportLimit: Sendable, Equatable {
    public var count: Int
    public var window: TimeInterval

    public init(count: Int = 30, window: TimeInterval = 3600) {
        self.count = count
        self.window = window
    }

    /// Seconds until another report is allowed, given when the reporter filed within the window; nil
    /// when one is allowed now.
    public func retryAfter(_ recent: [Date], at time: Date) -> Double? {
        guard recent.count >= count, let oldest = recent.sorted().dropLast(count - 1).last else { return nil }
        return max(1, oldest.addingTimeInterval(window).timeIntervalSince(time))
    }
}
