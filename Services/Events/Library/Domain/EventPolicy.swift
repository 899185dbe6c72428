import RoamRuntime

/// The limits of the events service, each configurable from the environment.
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

    public init(environment: Environment) throws(ConfigurationError) {
        let minRadius = try environment.int("EVENT_MIN_RADIUS_METERS", default: 20, in: 1...100_000)
        let maxRadius = try environment.int("EVENT_MAX_RADIUS_METERS", default: 5000, in: minRadius...100_000)
        radiusMeters = Double(minRadius)...Double(maxRadius)
        let minCapacity = try environment.int("EVENT_MIN_CAPACITY", default: 2, in: 1...1_000_000)
        capacity = minCapacity...(try environment.int("EVENT_MAX_CAPACITY", default: 10_000, in: minCapacity...1_000_000))
        let shortest = try environment.duration("EVENT_MIN_LIFETIME", default: lifetime.lowerBound)
        let longest = try environment.duration("EVENT_MAX_LIFETIME", default: lifetime.upperBound)
        guard shortest <= longest else {
            throw ConfigurationError(variable: "EVENT_MAX_LIFETIME", problem: "must not be shorter than EVENT_MIN_LIFETIME")
        }
        lifetime = shortest...longest
        maxScheduleAhead = try environment.duration("EVENT_MAX_SCHEDULE_AHEAD", default: maxScheduleAhead)
        maxAccuracyMeters = Double(try environment.int("EVENT_MAX_ACCURACY_METERS", default: 100, in: 1...10_000))
        presenceTimeout = try environment.duration("EVENT_PRESENCE_TIMEOUT", default: presenceTimeout)
        reportThreshold = try environment.int("EVENT_REPORT_THRESHOLD", default: reportThreshold, in: 1...10_000)
        passwordFailureLimit = try environment.int("EVENT_PASSWORD_FAILURE_LIMIT", default: passwordFailureLimit, in: 1...1000)
        passwordFailureWindow = try environment.duration("EVENT_PASSWORD_FAILURE_WINDOW", default: passwordFailureWindow)
        maxNearbyMeters = Double(try environment.int("EVENT_MAX_NEARBY_METERS", default: 50_000, in: 100...1_000_000))
    }
}
