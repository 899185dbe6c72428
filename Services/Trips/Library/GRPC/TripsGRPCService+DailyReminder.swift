import Foundation
import GRPCCore
import RoamCore
import RoamProto
import RoamRuntime
import SwiftProtobuf

/// A trip's daily reminder.
extension TripsGRPCService {
    var dailyReminders: DailyReminderService { DailyReminderService(trips: trips, reminders: reminders) }

    public func setDailyReminder(
        request: Roam_Trips_V1_SetDailyReminderRequest, context _: ServerContext
    ) async throws
        -> Roam_Trips_V1_DailyReminderResponse
    {
        try await dailyReminders.set(request.time, trip: UUID(field: "trip_id", request.tripID), owner: caller()).proto
    }

    public func getDailyReminder(
        request: Roam_Trips_V1_GetDailyReminderRequest, context _: ServerContext
    ) async throws
        -> Roam_Trips_V1_DailyReminderResponse
    {
        try await dailyReminders.reminder(trip: UUID(field: "trip_id", request.tripID), owner: caller()).proto
    }

    public func clearDailyReminder(
        request: Roam_Trips_V1_GetDailyReminderRequest, context _: ServerContext
    ) async throws
        -> Roam_Trips_V1_ClearDailyReminderResponse
    {
        try await dailyReminders.clear(trip: UUID(field: "trip_id", request.tripID), owner: caller())
        return .init()
    }
}

extension DailyReminder {
    var proto: Roam_Trips_V1_DailyReminderResponse {
        .with {
            $0.time = time
            if let next {
                $0.nextDate = next.date.description
                $0.nextDueAt = Google_Protobuf_Timestamp(date: next.dueAt)
            }
        }
    }
}
