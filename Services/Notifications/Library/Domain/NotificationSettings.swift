import RoamCore

/// How a user wants to be reached: kinds never pushed (still kept in the inbox), quiet hours and the zone
/// they are read in, and a switch for push as a whole.
public struct NotificationSettings: Sendable, Equatable {
    public var mutedKinds: Set<String>
    public var quietHours: QuietHours?
    /// IANA; quiet hours are read here unless a notification comes from a trip with a zone of its own.
    public var timeZone: String
    public var pushPaused: Bool

    public init(mutedKinds: Set<String> = [], quietHours: QuietHours? = nil, timeZone: String = "UTC", pushPaused: Bool = false) {
        self.mutedKinds = mutedKinds
        self.quietHours = quietHours
        self.timeZone = timeZone
        self.pushPaused = pushPaused
    }

    public static let defaults = NotificationSettings()

    /// Whether a notification of `kind` is pushed at all.
    public func pushes(_ kind: String) -> Bool { !pushPaused && !mutedKinds.contains(kind) }
}
