import RoamCore

/// The limits of the events service, each configurable (the app reads them from its environment).
public struct EventPolicy: Sendable {
    public var radiusMeters: ClosedRange<Double> = 20...5000
    public var nameLength: ClosedRange<Int> = 1...80
    public var maxDescriptionLength = 2000
    public var capacity: ClosedRange<Int> = 2...10_000
    public var lifetime: ClosedRange<Duration> = .seconds(15 * 60)...Duration.seconds(72 * 3600)
    /// How far ahead an event may be scheduled.
    public var maxScheduleAhead: Duration = .seconds(30 * 86400)
    public var minPasswordLength = 4
    public var maxTags = 10
    public var maxTagLength = 30
    /// Reported accuracy worse than this is refused when joining.
    public var maxAccuracyMeters: Double = 100
    /// A member with no position for this long is removed.
    public var presenceTimeout: Duration = .seconds(30 * 60)
    /// Distinct reporters that get a member banned.
    public var reportThreshold = 10
    public var maxReportTextLength = 500
    /// Wrong passwords per user and event within `passwordFailureWindow` before joining is refused.
    public var passwordFailureLimit = 5
    public var passwordFailureWindow: Duration = .seconds(15 * 60)
    /// The largest distance the map listing searches.
    public var maxNearbyMeters: Double = 50_000
    public var defaultNearbyMeters: Double = 5000

    public init() {}
}
