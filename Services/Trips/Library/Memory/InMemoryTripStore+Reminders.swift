import Foundation
import RoamCore

/// Reminders' due times beside their trips and items, under the same lock, so a claim is taken once.
extension InMemoryTripStore: ReminderRepository {
    public func claimDueReminders(at now: Date, limit: Int) async throws -> [Reminder] {
        state.withLock { state in
            var starts: [Reminder] = [], items: [Reminder] = []
            for (tripID, reminder) in state.startReminders where reminder.sentAt == nil && reminder.due <= now {
                guard let trip = state.trips[tripID] else { continue }
                starts.append(Reminder(kind: .tripStarting, ownerID: trip.ownerID, tripID: tripID, title: trip.details.title,
                                       date: trip.details.dates.start, dueAt: reminder.due))
            }
            for item in state.itinerary.values where state.itemRemindersSent[item.id] == nil && item.remindAt <= now {
                items.append(Reminder(kind: .itinerary, ownerID: item.ownerID, tripID: item.tripID, itemID: item.id, placeID: item.placeID,
                                      title: state.places[item.placeID]?.details.name ?? "A place", date: item.plan.date,
                                      minuteOfDay: item.plan.minuteOfDay, dueAt: item.remindAt))
            }
            let earliest = { (a: Reminder, b: Reminder) in a.dueAt < b.dueAt }
            let claimed = (starts.sorted(by: earliest).prefix(limit) + items.sorted(by: earliest).prefix(limit)).sorted(by: earliest)
            for reminder in claimed {
                if let item = reminder.itemID {
                    state.itemRemindersSent[item] = now
                } else {
                    state.startReminders[reminder.tripID]?.sentAt = now
                }
            }
            return claimed
        }
    }
}

extension InMemoryTripStore.State {
    /// Sets the trip's start reminder from its dates and zone; a moved one is sent again.
    mutating func scheduleStartReminder(of trip: Trip, at time: Date) {
        let due = TimedCursor(time: ReminderSchedule.tripStart(of: trip.details), id: trip.id).time
        if startReminders[trip.id]?.due == due { return }
        startReminders[trip.id] = (due, ReminderSchedule.sentAt(due: due, settingAt: time))
    }

    /// Moves the trip's itinerary reminders with its zone; a moved one is sent again.
    mutating func rescheduleItineraryReminders(ofTrip trip: Trip, at time: Date) {
        for var item in itinerary.values where item.tripID == trip.id {
            let due = TimedCursor(time: item.plan.instants(in: trip.details.zone).remindAt, id: item.id).time
            guard due != item.remindAt else { continue }
            item.remindAt = due
            itinerary[item.id] = item
            itemRemindersSent[item.id] = ReminderSchedule.sentAt(due: due, settingAt: time)
        }
    }
}
