/// A PATCH of `NotificationSettings`: nil leaves a field as it is; `quietHours` `.some(nil)` removes them.
public struct SettingsChanges: Sendable, Equatable {
    public var mutedKinds: Set<String>?
    public var quietHours: QuietHours??
    public var timeZone: String?
    public var pushPaused: Bool?

    public init(mutedKinds: Set<String>?, quietHours: QuietHours??, timeZone: String?, pushPaused: Bool?) {
        self.mutedKinds = mutedKinds
        self.quietHours = quietHours
        self.timeZone = timeZone
        self.pushPaused = pushPaused
    }

    public func applied(to settings: NotificationSettings) -> NotificationSettings {
        var changed = settings
        if let mutedKinds { changed.mutedKinds = mutedKinds }
        if let quietHours { changed.quietHours = quietHours }
        if let timeZone { changed.timeZone = timeZone }
        if let pushPaused { changed.pushPaused = pushPaused }
        return changed
    }
}
