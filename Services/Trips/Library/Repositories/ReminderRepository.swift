import Foundation
import RoamRuntime

/// Reminders' due times, stored with the trips and itinerary items they belong to, so they survive
/// restarts; each is claimed once, however many workers ask, and queued in its claim for the
/// notifications service.
public protocol ReminderRepository: Sendable {
    /// The claimed reminders waiting for the notifications service.
    var publications: any PublicationQueue { get }
    /// The reminders due at `now` and not yet sent (up to `limit` of each kind), earliest first, marked
    /// sent at `now` as they are returned. Concurrent claims never return the same reminder. The PostgreSQL store also announces
    /// them on `trips_reminders` in the claim's own transaction, so a reminder is marked sent exactly
    /// when its announcement goes out.
    func claimDueReminders(at now: Date, limit: Int) async throws -> [Reminder]
    /// The owner's reminders sent after `instant` (not those passed over as due already when set),
    /// in the order they were sent (then by subject), at most `limit`: what a stream that was away
    /// missed. With `subject`, of those sent at `instant` exactly only those whose subject sorts after it.
    func sentReminders(of owner: UUID, after instant: Date, subject: UUID?, limit: Int) async throws -> [Reminder]
    /// Turns on (or moves) the trip's daily reminder at `minuteOfDay` local, its next day and time
    /// counted from `now`; nil when the owner has no such trip. A claim moves it on to the next day, and
    /// a change of the trip's dates or zone moves it with them. Only the latest one sent is replayed.
    func setDailyReminder(trip: UUID, owner: UUID, minuteOfDay: Int, at now: Date) async throws -> DailyReminder?
    /// Turns the trip's daily reminder off; whether it was on.
    func clearDailyReminder(trip: UUID, owner: UUID) async throws -> Bool
    /// The trip's daily reminder, when it is on.
    func dailyReminder(trip: UUID, owner: UUID) async throws -> DailyReminder?
}

extension ReminderRepository {
    public func sentReminders(of owner: UUID, after instant: Date, limit: Int) async throws -> [Reminder] {
        try await sentReminders(of: owner, after: instant, subject: nil, limit: limit)
    }
}
