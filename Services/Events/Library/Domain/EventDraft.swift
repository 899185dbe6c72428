import Foundation
import RoamCore

/// What a host asks for when creating an event, before validation.
public struct EventDraft: Sendable {
    public var name: String
    public var description: String
    public var center: GeoPoint
    public var radiusMeters: Double
    public var capacity: Int
    /// nil: starts now.
    public var startsAt: Date?
    public var lifetime: Duration
    public var visibility: Event.Visibility
    public var password: String
    public var theme: String
    public var bannerMediaID: UUID?
    public var tags: [String]

    public init(name: String, description: String = "", center: GeoPoint, radiusMeters: Double, capacity: Int,
                startsAt: Date? = nil, lifetime: Duration, visibility: Event.Visibility = .public, password: String = "",
                theme: String = "", bannerMediaID: UUID? = nil, tags: [String] = []) {
        self.name = name
        self.description = description
        self.center = center
        self.radiusMeters = radiusMeters
        self.capacity = capacity
        self.startsAt = startsAt
        self.lifetime = lifetime
        self.visibility = visibility
        self.password = password
        self.theme = theme
        self.bannerMediaID = bannerMediaID
        self.tags = tags
    }

    /// Every problem with the draft at once.
    public func validate(_ policy: EventPolicy, now: Date) throws(RoamError) {
        var validation = Validation()
        EventRules.validateName(name, policy: policy, into: &validation)
        EventRules.validateDescription(description, policy: policy, into: &validation)
        center.validate("center", into: &validation)
        validation.require(radiusMeters.isFinite && policy.radiusMeters.contains(radiusMeters), "radius_meters",
                           "must be \(Int(policy.radiusMeters.lowerBound)) to \(Int(policy.radiusMeters.upperBound)) metres")
        EventRules.validateCapacity(capacity, policy: policy, into: &validation)
        validation.require(policy.lifetime.contains(lifetime), "duration_seconds",
                           "must be \(Int(policy.lifetime.lowerBound.seconds)) to \(Int(policy.lifetime.upperBound.seconds)) seconds")
        if let startsAt {
            // A minute of slack for clocks and retries: "now" from a phone is a little in the past.
            validation.require(startsAt >= now.addingTimeInterval(-60), "starts_at", "must not be in the past")
            validation.require(startsAt <= now.adding(policy.maxScheduleAhead), "starts_at",
                               "must be at most \(Int(policy.maxScheduleAhead.seconds / 86400)) days ahead")
        }
        switch visibility {
        case .private:
            validation.require(password.count >= policy.minPasswordLength, "password",
                               "a private event needs a password of at least \(policy.minPasswordLength) characters")
        case .public:
            validation.require(password.isEmpty, "password", "only a private event has a password")
        }
        EventRules.validateTheme(theme, into: &validation)
        EventRules.validateTags(tags, policy: policy, into: &validation)
        try validation.check()
    }
}

/// What a host may change; nil leaves a field as it is.
public struct EventChanges: Sendable {
    public var name: String?
    public var description: String?
    /// `.some(nil)` removes the banner.
    public var bannerMediaID: UUID??
    public var theme: String?
    public var visibility: Event.Visibility?
    public var password: String?
    public var capacity: Int?
    public var tags: [String]?

    public init(name: String? = nil, description: String? = nil, bannerMediaID: UUID?? = nil, theme: String? = nil,
                visibility: Event.Visibility? = nil, password: String? = nil, capacity: Int? = nil, tags: [String]? = nil) {
        self.name = name
        self.description = description
        self.bannerMediaID = bannerMediaID
        self.theme = theme
        self.visibility = visibility
        self.password = password
        self.capacity = capacity
        self.tags = tags
    }

    /// Validates the changes against the event as it is now.
    public func validate(against event: Event, policy: EventPolicy) throws(RoamError) {
        var validation = Validation()
        if let name { EventRules.validateName(name, policy: policy, into: &validation) }
        if let description { EventRules.validateDescription(description, policy: policy, into: &validation) }
        if let theme { EventRules.validateTheme(theme, into: &validation) }
        if let tags { EventRules.validateTags(tags, policy: policy, into: &validation) }
        if let capacity { EventRules.validateCapacity(capacity, policy: policy, into: &validation) }
        let becomesPrivate = visibility == .private && event.visibility == .public
        if becomesPrivate {
            validation.require(password != nil, "password", "is required to make the event private")
        }
        if let password {
            validation.require((visibility ?? event.visibility) == .private, "password", "only a private event has a password")
            validation.require(password.count >= policy.minPasswordLength, "password",
                               "must be at least \(policy.minPasswordLength) characters")
        }
        try validation.check()
    }
}
