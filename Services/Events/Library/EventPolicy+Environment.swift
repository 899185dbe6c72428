import RoamRuntime

// Configuration is read by the app, never by the domain.
extension EventPolicy {
    public init(environment: Environment) throws(ConfigurationError) {
        self.init()
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
