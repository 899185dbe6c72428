import Foundation
import RoamCore
import RoamRuntime

/// The notifications process: devices, inboxes and settings in its store (PostgreSQL, or in memory),
/// and the worker that forgets old notifications. `ServiceHost` does the rest.
public enum NotificationsApp {
    public static let defaultGRPCPort = 50058
    public static let defaultMetricsPort = 9108

    public static func run(environment: Environment) async throws {
        let configuration = try Configuration(environment: environment)
        let senders = try await pushSenders(configuration.push)
        try await ServiceHost.run(settings: configuration.settings) { runtime in
            try parts(runtime: runtime, configuration: configuration, senders: senders)
        }
    }

    /// A sender for each push service set up, sharing one HTTP client; nil when none is.
    static func pushSenders(_ settings: PushSettings) async throws -> (senders: [DevicePlatform: any PushSender], lifetime: HTTPClientLifetime)? {
        guard settings.apns != nil || settings.fcm != nil else { return nil }
        let client = try PushHTTPClient.make(trustRoots: settings.trustRoots)
        var senders: [DevicePlatform: any PushSender] = [:]
        if let apns = settings.apns { senders[.apns] = await APNsSender(client: client, settings: apns) }
        if let fcm = settings.fcm { senders[.fcm] = await FCMSender(client: client, settings: fcm) }
        return (senders, HTTPClientLifetime(client: client))
    }

    static func parts(
        runtime: ServiceRuntime, configuration: Configuration, senders: (senders: [DevicePlatform: any PushSender], lifetime: HTTPClientLifetime)?
    ) throws -> ServiceParts {
        let store: any NotificationStore =
            if let database = runtime.database { PostgresNotificationStore(database: database) } else { InMemoryNotificationStore() }
        let wakeUp = WakeUp()
        // Every replica hears what any of them files through PostgreSQL; without it, this process's store tells its streams.
        let streams = UserStreams<UUID>()
        let listener = runtime.database.map { database in
            PostgresStreamListener(database: database, channel: PostgresNotificationStore.inboxChannel, streams: streams, logger: runtime.logger) {
                (payload: String) -> (note: UUID, user: UUID)? in
                let parts = payload.split(separator: " ")
                guard parts.count == 2, let user = UUID(uuidString: String(parts[0])), let id = UUID(uuidString: String(parts[1])) else { return nil }
                return (id, user)
            }
        }
        var announce: (@Sendable ([InboxNotification]) -> Void)?
        if listener == nil {
            announce = { filed in
                for notification in filed { streams.deliver(notification.id, to: notification.userID) }
            }
        }
        let notifications = NotificationsService(store: store, pushesFiled: { wakeUp.signal() }, announce: announce)
        var parts = ServiceParts(
            services: [
                NotificationsGRPCService(notifications: notifications, streams: streams),
                PurgeGRPCService(
                    NotificationsPurge(store: store),
                    purgedUsers: PurgedUsers(database: runtime.database, schema: NotificationsMigrations.schema)),
            ],
            migrator: NotificationsMigrations.migrator)
        parts.workers =
            [
                InboxTidier(inbox: store, keep: configuration.inboxRetention, logger: runtime.logger),
                // Without a push service the pushes still go: each is dropped with a warning naming the platform.
                PushDelivery(
                    store: store, senders: senders?.senders ?? [:], wakeUp: wakeUp, names: AccountsActorNames(upstream: try runtime.accounts()),
                    longestPause: configuration.push.longestPause, logger: runtime.logger),
            ] + (senders.map { [$0.lifetime] } ?? [])
        if let listener { parts.background.append(listener) }
        parts.endStreams = { streams.finishAll() }
        return parts
    }
}
