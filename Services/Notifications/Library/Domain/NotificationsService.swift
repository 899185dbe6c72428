import Foundation
import RoamCore

/// What users do with their devices, inbox and settings, and what other services publish into it.
public struct NotificationsService: Sendable {
    /// Devices one user keeps registered; registering one more lets the least recently refreshed go
    /// (a phone that was wiped never says goodbye).
    public static let devicesPerUser = 10
    public static let publicationsPerCall = 500
    public static let idsPerMarking = 100
    public static let mutedKindsLimit = 50

    let store: any NotificationStore
    let clock: @Sendable () -> Date
    /// Called when pushes were filed, so the push worker sends them at once.
    let pushesFiled: @Sendable () -> Void
    /// Hands what was filed to this process's streams, when no channel announces it (the in-memory store).
    let announce: (@Sendable ([InboxNotification]) -> Void)?

    public init(
        store: any NotificationStore, clock: @escaping @Sendable () -> Date = { Date() }, pushesFiled: @escaping @Sendable () -> Void = {},
        announce: (@Sendable ([InboxNotification]) -> Void)? = nil
    ) {
        self.store = store
        self.clock = clock
        self.pushesFiled = pushesFiled
        self.announce = announce
    }

    /// How far back, and how many, a stream that was away is sent what it missed.
    public static let replayWindow: TimeInterval = 24 * 3_600
    public static let replayLimit = 100

    /// The user's notification, if it is theirs (a stream reading what was announced).
    public func notification(_ id: UUID, of user: UUID) async throws -> InboxNotification? {
        try await store.notification(id, of: user)
    }

    /// What a stream that was away since `position` missed: at most a day back and `replayLimit` of them.
    public func missed(by user: UUID, since position: TimedCursor, kinds: Set<String>) async throws -> [InboxNotification] {
        let earliest = clock().addingTimeInterval(-Self.replayWindow)
        let from = position.time < earliest ? TimedCursor(time: earliest, id: UUID(uuidString: "00000000-0000-0000-0000-000000000000")!) : position
        return try await store.filed(of: user, after: from, kinds: kinds, limit: Self.replayLimit)
    }

    // MARK: Devices

    public func register(_ registration: DeviceRegistration, for user: UUID) async throws -> (device: Device, created: Bool) {
        var registration = registration
        var validation = Validation()
        NotificationRules.checkToken(registration.token, into: &validation)
        switch registration.platform {
        case .apns:
            registration.apnsEnvironment = registration.apnsEnvironment ?? .production
            if let topic = registration.topic { NotificationRules.checkTopic(topic, into: &validation) }
        case .fcm:
            validation.require(registration.apnsEnvironment == nil, "device.apns_environment", "is for apns devices only")
            validation.require(registration.topic == nil, "device.topic", "is for apns devices only")
        }
        validation.requireLanguageTag(registration.language, "device.language")
        try validation.check()
        return try await store.put(Device(registration, userID: user, at: clock()), limit: Self.devicesPerUser)
    }

    public func unregister(token: String, for user: UUID) async throws {
        guard try await store.delete(token: token, userID: user) else { throw RoamError.notFound("device") }
    }

    public func devices(of user: UUID) async throws -> [Device] {
        try await store.devices(of: user)
    }

    // MARK: Inbox

    public func inbox(of user: UUID, unreadOnly: Bool, page: PageRequest) async throws -> InboxPage {
        try await store.inbox(of: user, unreadOnly: unreadOnly, page: page)
    }

    public func markRead(_ marking: ReadMarking, for user: UUID) async throws -> ReadOutcome {
        if case .ids(let ids) = marking {
            var validation = Validation()
            validation.require(!ids.isEmpty, "ids", "must name at least one notification, or set all")
            validation.require(ids.count <= Self.idsPerMarking, "ids", "may name at most \(Self.idsPerMarking) notifications")
            try validation.check()
        }
        return try await store.markRead(marking, userID: user, at: clock())
    }

    // MARK: Settings

    public func settings(of user: UUID) async throws -> NotificationSettings {
        try await store.settings(of: user)
    }

    public func update(_ changes: SettingsChanges, of user: UUID) async throws -> NotificationSettings {
        var validation = Validation()
        if let kinds = changes.mutedKinds {
            validation.require(kinds.count <= Self.mutedKindsLimit, "muted_kinds", "may name at most \(Self.mutedKindsLimit) kinds")
            for kind in kinds { NotificationRules.checkKind(kind, "muted_kinds", into: &validation) }
        }
        if let hours = changes.quietHours, let hours {
            validation.require(hours.start != hours.end, "quiet_hours.end", "must differ from start")
        }
        if let zone = changes.timeZone {
            validation.require(TripZone(zone) != nil, "time_zone", "must be a time zone of the IANA database such as Europe/Stockholm")
        }
        try validation.check()
        return try await store.update(changes, of: user)
    }

    // MARK: Publishing

    /// Files publications from another service; each one sent again answers its first notification, and
    /// one for a deleted user nil.
    public func publish(_ publications: [Publication]) async throws -> [InboxNotification?] {
        var validation = Validation()
        validation.require(publications.count <= Self.publicationsPerCall, "publications", "at most \(Self.publicationsPerCall) per call")
        for (index, publication) in publications.enumerated() {
            let field = "publications[\(index)]"
            NotificationRules.checkKind(publication.kind, "\(field).kind", into: &validation)
            validation.require(!publication.key.isEmpty && publication.key.utf8.count <= 200, "\(field).key", "must be 1 to 200 bytes")
            validation.require(publication.data.count <= 32, "\(field).data", "may hold at most 32 values")
            validation.require(
                publication.data.allSatisfy { $0.key.utf8.count <= 64 && $0.value.utf8.count <= 1000 }, "\(field).data",
                "keys may be 64 bytes and values 1000 bytes")
            validation.require(publication.threadID.utf8.count <= 200, "\(field).thread_id", "may be at most 200 bytes")
            if let group = publication.group { validation.require(group.utf8.count <= 200, "\(field).group", "may be at most 200 bytes") }
            if let zone = publication.timeZone { validation.require(TripZone(zone) != nil, "\(field).time_zone", "must be an IANA time zone") }
        }
        try validation.check()
        let now = clock()
        var settings: [UUID: NotificationSettings] = [:]
        for user in Set(publications.map(\.userID)) { settings[user] = try await store.settings(of: user) }
        let pushAt = publications.map { publication in
            Self.pushTime(of: publication, settings: settings[publication.userID] ?? .defaults, now: now)
        }
        let filed = try await store.file(publications, ids: publications.map { _ in UUID.v7(at: now) }, pushAt: pushAt, at: now)
        if pushAt.contains(where: { $0 != nil }) { pushesFiled() }
        announce?(filed.compactMap { $0 })
        return filed
    }

    /// When a publication is pushed: now, at the end of the user's quiet hours (read in the trip's zone
    /// when it is about a trip, else in theirs), or never for a muted kind or paused push.
    static func pushTime(of publication: Publication, settings: NotificationSettings, now: Date) -> Date? {
        guard settings.pushes(publication.kind) else { return nil }
        guard let quiet = settings.quietHours, let zone = TripZone(publication.timeZone ?? settings.timeZone) else { return now }
        return quiet.end(around: now, in: zone) ?? now
    }
}
