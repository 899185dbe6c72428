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
    /// Makes it a group walk.
    public var groupWalk: GroupWalk?

    public init(
        name: String, description: String, center: GeoPoint, radiusMeters: Double, capacity: Int, startsAt: Date?, lifetime: Duration,
        visibility: Event.Visibility, password: String, theme: String, bannerMediaID: UUID?, tags: [String], groupWalk: GroupWalk?
    ) {
        self.groupWalk = groupWalk
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
        validation.require(
            radiusMeters.isFinite && policy.radiusMeters.contains(radiusMeters), "radius_meters",
            "must be \(Int(policy.radiusMeters.lowerBound)) to \(Int(policy.radiusMeters.upperBound)) metres")
        EventRules.validateCapacity(capacity, policy: policy, into: &validation)
        validation.require(
            policy.lifetime.contains(lifetime), "duration_seconds",
            "must be \(Int(policy.lifetime.lowerBound.seconds)) to \(Int(policy.lifetime.upperBound.seconds)) seconds")
        if let startsAt {
            // A minute of slack for clocks and retries: "now" from a phone is a little in the past.
            validation.require(startsAt >= now.addingTimeInterval(-60), "starts_at", "must not be in the past")
            validation.require(
                startsAt <= now.adding(policy.maxScheduleAhead), "starts_at",
                "must be at most \(Int(policy.maxScheduleAhead.seconds / 86400)) days ahead")
        }
        if groupWalk != nil {
            // Who may join a group walk is its privacy, not a password.
            validation.require(visibility == .public, "visibility", "a group walk is public; its privacy says who may join")
        }
        switch visibility {
        case .private:
            validation.require(
                password.count >= policy.minPasswordLength, "password",
                "a private event needs a password of at least \(policy.minPasswordLength) characters")
        case .public:
            validation.require(password.isEmpty, "password", "only a private event has a password")
        }
        EventRules.validateTheme(theme, into: &validation)
        EventRules.validateTags(tags, policy: policy, into: &validation)
        try validation.check()
    }
}
