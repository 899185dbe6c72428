import Foundation
import GRPCCore
import RoamCore
import RoamProto
import RoamRuntime

/// The caller's reminders as they come due, relayed from this replica's open streams, after those a
/// stream that was away missed.
extension TripsGRPCService {
    /// How far back a returning stream is sent what it missed.
    static let replayWindow: TimeInterval = 24 * 3_600
    static let replayLimit = 100

    public func streamNotifications(
        request: Roam_Trips_V1_StreamNotificationsRequest,
        response: RPCWriter<Roam_Trips_V1_TripNotification>, context _: ServerContext
    ) async throws {
        let user = try caller()
        // Subscribed before reading what was missed, so nothing falls between; what is in both is sent once.
        let stream = notifications.subscribe(user)
        try await response.write(TripNotification.connected(at: trips.now()).proto)
        var replayed = Set<String>()
        if request.hasAfter {
            // Within the last day, and never in the future (nothing was sent then; a wild instant must
            // not reach the database).
            let now = trips.now()
            let after = min(max(request.after.date, now.addingTimeInterval(-Self.replayWindow)), now)
            // The subject places the cursor among those sent at that very instant, when it was not moved.
            let subject = after == request.after.date ? UUID(uuidString: request.afterSubjectID) : nil
            for reminder in try await reminders.sentReminders(of: user, after: after, subject: subject, limit: Self.replayLimit) {
                replayed.insert(Self.key(of: reminder))
                try await response.write(TripNotification.reminder(reminder, at: reminder.sentAt ?? after).proto)
            }
        }
        let alreadySent = replayed
        try await response.relay(stream) { notification in
            guard let reminder = notification.reminder, alreadySent.contains(Self.key(of: reminder)) else { return notification.proto }
            return nil
        }
    }

    static func key(of reminder: Reminder) -> String {
        "\(reminder.subjectID)/\(reminder.sentAt?.timeIntervalSince1970 ?? 0)"
    }
}

extension TripNotification {
    var proto: Roam_Trips_V1_TripNotification {
        .with {
            $0.at = .init(date: at)
            guard let reminder else {
                $0.kind = .connected
                return
            }
            $0.kind =
                switch reminder.kind {
                case .tripStarting: .tripStarting
                case .itinerary: .itineraryReminder
                case .daily: .dailyReminder
                }
            $0.tripID = reminder.tripID.lowercasedString
            $0.itemID = reminder.itemID?.lowercasedString ?? ""
            $0.placeID = reminder.placeID?.lowercasedString ?? ""
            $0.title = reminder.title
            $0.date = reminder.date.description
            if let minute = reminder.minuteOfDay { $0.time = String(format: "%02d:%02d", minute / 60, minute % 60) }
            $0.dueAt = .init(date: reminder.dueAt)
        }
    }
}
