import Foundation
import Logging
import PostgresNIO
import RoamCore
import RoamRuntime
import ServiceLifecycle

/// Carries notifications between replicas of the events service with PostgreSQL LISTEN/NOTIFY, so a
/// change made on one replica reaches the user's streams open on any of them. Every replica, the
/// sender included, delivers what it hears to its own `NotificationHub`.
public struct PostgresNotificationRelay: Notifier, Service {
    static let channel = "events_notifications"

    let database: Database
    let hub: NotificationHub
    let logger: Logger

    /// One notification on the wire (NOTIFY payloads are text, at most 8,000 bytes).
    struct Message: Codable {
        var to: UUID
        /// More recipients of the same notification (a group walk's sharers), so one NOTIFY serves them all.
        var also: [UUID]?
        var kind: String
        var eventID: UUID?
        var userID: UUID?
        var reason: String?
        /// A shared position: latitude, longitude, accuracy.
        var position: [Double]?
        var at: Double

        init(_ notification: EventNotification, to user: UUID, also others: [UUID]? = nil) {
            to = user
            also = others
            kind = notification.kind.rawValue
            eventID = notification.eventID
            userID = notification.userID
            reason = notification.reason?.rawValue
            position = notification.position.map { [$0.point.latitude, $0.point.longitude, $0.accuracyMeters] }
            at = notification.at.timeIntervalSince1970
        }

        var notification: EventNotification? {
            guard let kind = EventNotification.Kind(rawValue: kind) else { return nil }
            let shared = position.flatMap {
                $0.count == 3 ? ReportedPosition(point: GeoPoint(latitude: $0[0], longitude: $0[1]), accuracyMeters: $0[2]) : nil
            }
            return EventNotification(
                kind: kind, eventID: eventID, userID: userID, reason: reason.flatMap(DepartureReason.init), position: shared,
                at: Date(timeIntervalSince1970: at))
        }
    }

    /// Recipients one NOTIFY names at most: its payload must stay under 8,000 bytes (37 a user id).
    static let recipientsPerMessage = 150

    public func publish(_ notification: EventNotification, to users: [UUID]) async {
        for start in stride(from: 0, to: users.count, by: Self.recipientsPerMessage) {
            let chunk = Array(users[start..<min(start + Self.recipientsPerMessage, users.count)])
            await send(Message(notification, to: chunk[0], also: Array(chunk.dropFirst())), notification: notification, recipients: chunk)
        }
    }

    public func publish(_ notification: EventNotification, to userID: UUID) async {
        await send(Message(notification, to: userID), notification: notification, recipients: [userID])
    }

    private func send(_ message: Message, notification: EventNotification, recipients: [UUID]) async {
        do {
            let payload = String(decoding: try JSONEncoder().encode(message), as: UTF8.self)
            // Read the (empty) row: a failure arrives with it, and then this replica at least hears it.
            try await database.query("SELECT pg_notify(\(Self.channel), \(payload))", logger: logger)
        } catch {
            // What the notification says stays readable through the API; at least this replica's
            // streams hear it.
            logger.warning("could not relay a notification", metadata: ["error": .describing(error)])
            for user in recipients { hub.deliver(notification, to: user) }
        }
    }

    /// Listens until graceful shutdown, reconnecting when the connection is lost.
    public func run() async throws {
        await BackgroundLoop.restarting(logger: logger, lost: "lost the notification channel; listening again") {
            try await database.withConnection { connection in
                try await connection.listen(on: Self.channel) { notifications in
                    for try await received in notifications {
                        guard let message = try? JSONDecoder().decode(Message.self, from: Data(received.payload.utf8)),
                            let notification = message.notification
                        else { continue }
                        for user in [message.to] + (message.also ?? []) { hub.deliver(notification, to: user) }
                    }
                }
            }
        }
    }
}
