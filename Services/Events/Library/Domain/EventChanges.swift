import Foundation
import RoamCore

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

    public init(
        name: String?, description: String?, bannerMediaID: UUID??, theme: String?, visibility: Event.Visibility?, password: String?, capacity: Int?,
        tags: [String]?
    ) {
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
            validation.require(
                password.count >= policy.minPasswordLength, "password",
                "must be at least \(policy.minPasswordLength) characters")
        }
        try validation.check()
    }
}
