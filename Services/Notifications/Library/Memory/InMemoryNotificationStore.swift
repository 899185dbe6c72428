import Foundation
import RoamCore
import Synchronization

/// The notifications store in memory, for tests and a database-less process.
public final class InMemoryNotificationStore: NotificationStore {
    struct State {
        var devices: [String: Device] = [:]
        var inbox: [UUID: InboxNotification] = [:]
        /// (user, key) → the notification that publication was filed as (or gathered in).
        var filed: [String: UUID] = [:]
        /// (user, group) → the notification gathering it, while unread.
        var gathering: [String: UUID] = [:]
        var settings: [UUID: NotificationSettings] = [:]
        /// Users forgotten: what is published for them later is dropped, as PostgreSQL's `purged_users` does.
        var purged: Set<UUID> = []
        var pushes: [PushKey: PushRow] = [:]
    }

    struct PushKey: Hashable {
        var notification: UUID
        var token: String
    }

    struct PushRow {
        var userID: UUID
        var dueAt: Date
        var attempts = 0
        var leasedUntil: Date?
    }

    let state = Mutex(State())

    public init() {}

    // MARK: Devices

    public func put(_ device: Device, limit: Int) async throws -> (device: Device, created: Bool) {
        state.withLock { state in
            var stored = device
            let existing = state.devices[device.token]
            let created = existing?.userID != device.userID
            if let existing, !created { stored.createdAt = existing.createdAt }
            state.devices[device.token] = stored
            let theirs = state.devices.values.filter { $0.userID == device.userID }.sorted(by: Self.newestFirst)
            for old in theirs.dropFirst(limit) { state.devices[old.token] = nil }
            return (stored, created)
        }
    }

    public func delete(token: String, userID: UUID) async throws -> Bool {
        state.withLock { state in
            guard state.devices[token]?.userID == userID else { return false }
            state.devices[token] = nil
            return true
        }
    }

    public func devices(of userID: UUID) async throws -> [Device] {
        state.withLock { $0.devices.values.filter { $0.userID == userID }.sorted(by: Self.newestFirst) }
    }

    public func forget(token: String) async throws {
        state.withLock { state in
            state.devices[token] = nil
            state.pushes = state.pushes.filter { $0.key.token != token }
        }
    }

    static func newestFirst(_ a: Device, _ b: Device) -> Bool {
        (a.updatedAt, a.token) > (b.updatedAt, b.token)
    }

    // MARK: Inbox

    public func file(_ publications: [Publication], ids: [UUID], pushAt: [Date?], at time: Date) async throws -> [InboxNotification?] {
        state.withLock { state in
            zip(publications, zip(ids, pushAt)).map { publication, filing in
                let (id, pushAt) = filing
                if state.purged.contains(publication.userID) { return nil }
                let key = "\(publication.userID) \(publication.key)"
                if let first = state.filed[key], let notification = state.inbox[first] { return notification }
                let groupKey = publication.group.map { "\(publication.userID) \($0)" }
                var notification: InboxNotification
                if let groupKey, let gathered = state.gathering[groupKey], let unread = state.inbox[gathered], unread.readAt == nil {
                    notification = unread
                    notification.kind = publication.kind
                    notification.data = Gathering.data(gathering: publication, into: unread.data)
                    notification.threadID = publication.threadID
                    notification.createdAt = max(unread.createdAt, TimedCursor(time: publication.at, id: unread.id).time)
                    // The push of what it gathered before is replaced by this one.
                    state.pushes = state.pushes.filter { $0.key.notification != unread.id }
                } else {
                    notification = InboxNotification(
                        id: id, userID: publication.userID, kind: publication.kind,
                        data: publication.group == nil ? publication.data : Gathering.data(gathering: publication, into: nil),
                        threadID: publication.threadID, createdAt: TimedCursor(time: publication.at, id: id).time)
                    if let groupKey { state.gathering[groupKey] = id }
                }
                state.inbox[notification.id] = notification
                state.filed[key] = notification.id
                if let pushAt {
                    for device in state.devices.values where device.userID == publication.userID {
                        state.pushes[PushKey(notification: notification.id, token: device.token)] = PushRow(userID: publication.userID, dueAt: pushAt)
                    }
                }
                return notification
            }
        }
    }

    public func notification(_ id: UUID, of userID: UUID) async throws -> InboxNotification? {
        state.withLock { $0.inbox[id].flatMap { $0.userID == userID ? $0 : nil } }
    }

    public func filed(of userID: UUID, after position: TimedCursor, kinds: Set<String>, limit: Int) async throws -> [InboxNotification] {
        state.withLock { state in
            Array(
                state.inbox.values.filter { $0.userID == userID && $0.cursor > position && (kinds.isEmpty || kinds.contains($0.kind)) }
                    .sorted { $0.cursor < $1.cursor }.prefix(limit))
        }
    }

    public func inbox(of userID: UUID, unreadOnly: Bool, page: PageRequest) async throws -> InboxPage {
        let after = try TimedCursor.decode(page.cursor)
        return state.withLock { state in
            let theirs = state.inbox.values.filter { $0.userID == userID }
            let listed = theirs.filter { notification in
                (!unreadOnly || notification.readAt == nil) && after.map { notification.cursor < $0 } ?? true
            }.sorted { (a: InboxNotification, b: InboxNotification) in a.cursor > b.cursor }
            return InboxPage(
                page: Page(fetched: Array(listed.prefix(page.size + 1)), size: page.size) { $0.cursor.token },
                unread: theirs.count { $0.readAt == nil })
        }
    }

    public func markRead(_ marking: ReadMarking, userID: UUID, at time: Date) async throws -> ReadOutcome {
        state.withLock { state in
            let targets: [UUID] =
                switch marking {
                case .ids(let ids): ids.filter { state.inbox[$0]?.userID == userID }
                case .all: state.inbox.values.filter { $0.userID == userID }.map(\.id)
                }
            var marked = 0
            for id in Set(targets) where state.inbox[id]?.readAt == nil {
                state.inbox[id]?.readAt = time
                marked += 1
            }
            return ReadOutcome(marked: marked, unread: state.inbox.values.count { $0.userID == userID && $0.readAt == nil })
        }
    }

    public func tidy(before cutoff: Date) async throws -> Int {
        state.withLock { state in
            let old = state.inbox.values.filter { $0.createdAt < cutoff }
            for notification in old { state.inbox[notification.id] = nil }
            state.filed = state.filed.filter { state.inbox[$0.value] != nil }
            state.pushes = state.pushes.filter { state.inbox[$0.key.notification] != nil }
            return old.count
        }
    }

    // MARK: Pushes

    public func claimPushes(dueAt time: Date, limit: Int, lease: Duration) async throws -> [PendingPush] {
        state.withLock { state in
            let due = state.pushes.filter { $0.value.dueAt <= time && ($0.value.leasedUntil.map { $0 <= time } ?? true) }
                .sorted { ($0.value.dueAt, $0.key.notification.uuidString) < ($1.value.dueAt, $1.key.notification.uuidString) }
                .prefix(limit)
            return due.compactMap { key, row in
                guard let notification = state.inbox[key.notification] else { return nil }
                state.pushes[key]?.attempts += 1
                state.pushes[key]?.leasedUntil = time.addingTimeInterval(lease.seconds)
                let device = state.devices[key.token].flatMap { $0.userID == row.userID ? $0 : nil }
                return PendingPush(
                    notification: notification, token: key.token, device: device, attempts: row.attempts + 1,
                    unread: state.inbox.values.count { $0.userID == row.userID && $0.readAt == nil })
            }
        }
    }

    public func finish(_ push: PendingPush) async throws {
        state.withLock { _ = $0.pushes.removeValue(forKey: PushKey(notification: push.notification.id, token: push.token)) }
    }

    public func postpone(_ push: PendingPush, until time: Date, reason _: String) async throws {
        state.withLock { state in
            let key = PushKey(notification: push.notification.id, token: push.token)
            state.pushes[key]?.dueAt = time
            state.pushes[key]?.leasedUntil = nil
        }
    }

    public func pendingPushes() async throws -> Int {
        state.withLock { $0.pushes.count }
    }

    // MARK: Settings

    public func settings(of userID: UUID) async throws -> NotificationSettings {
        state.withLock { $0.settings[userID] ?? .defaults }
    }

    public func update(_ changes: SettingsChanges, of userID: UUID) async throws -> NotificationSettings {
        state.withLock { state in
            let changed = changes.applied(to: state.settings[userID] ?? .defaults)
            state.settings[userID] = changed
            return changed
        }
    }

    // MARK: Purge

    public func forget(user: UUID) async throws -> [String: Int] {
        state.withLock { state in
            let devices = state.devices.values.filter { $0.userID == user }
            let notifications = state.inbox.values.filter { $0.userID == user }
            for device in devices { state.devices[device.token] = nil }
            for notification in notifications { state.inbox[notification.id] = nil }
            state.filed = state.filed.filter { state.inbox[$0.value] != nil }
            state.pushes = state.pushes.filter { $0.value.userID != user }
            let settings = state.settings.removeValue(forKey: user) == nil ? 0 : 1
            state.purged.insert(user)
            return ["devices": devices.count, "notifications": notifications.count, "settings": settings]
        }
    }
}
