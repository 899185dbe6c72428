import Foundation
import GRPCCore
import RoamCore
import RoamProto
import RoamRuntime

/// The caller's reminders as they come due, relayed from this replica's open streams.
extension TripsGRPCService {
    public func streamNotifications(request _: Roam_Trips_V1_StreamNotificationsRequest,
                                    response: RPCWriter<Roam_Trips_V1_TripNotification>, context _: ServerContext) async throws {
        let stream = notifications.subscribe(try caller())
        try await response.write(TripNotification.connected(at: trips.now()).proto)
        try await response.relay(stream) { $0.proto }
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
            $0.kind = reminder.kind == .tripStarting ? .tripStarting : .itineraryReminder
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
