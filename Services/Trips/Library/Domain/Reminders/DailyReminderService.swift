import Foundation
import RoamCore

/// A trip's daily reminder, which its owner turns on at a local time, moves, or turns off.
public struct DailyReminderService: Sendable {
    let trips: TripService
    let reminders: any ReminderRepository

    /// Turns it on (or moves it) at `time`, `HH:MM` local to the trip.
    public func set(_ time: String, trip: UUID, owner: UUID) async throws -> DailyReminder {
        let minute = try DailyReminder.minute(of: time)
        guard let set = try await reminders.setDailyReminder(trip: trip, owner: owner, minuteOfDay: minute, at: trips.now()) else {
            throw TripService.tripNotFound
        }
        return set
    }

    /// The trip's daily reminder; not found when it is off.
    public func reminder(trip: UUID, owner: UUID) async throws -> DailyReminder {
        _ = try await trips.trip(trip, owner: owner)
        guard let reminder = try await reminders.dailyReminder(trip: trip, owner: owner) else { throw RoamError.notFound("daily reminder") }
        return reminder
    }

    /// Turns it off; one that is off (or a trip that is not the owner's) is not found, as a repeated delete is.
    public func clear(trip: UUID, owner: UUID) async throws {
        _ = try await trips.trip(trip, owner: owner)
        guard try await reminders.clearDailyReminder(trip: trip, owner: owner) else { throw RoamError.notFound("daily reminder") }
    }
}
