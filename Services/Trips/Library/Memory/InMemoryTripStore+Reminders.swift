import Foundation
import RoamCore
import RoamRuntime

/// Reminders' due times beside their trips and items, under the same lock, so a claim is taken once.
extension InMemoryTripStore: ReminderRepository {
    public func claimDueReminders(at now: Date, limit: Int) async throws -> [Reminder] {
        state.withLock { state in
            let earliest = { (a: Reminder, b: Reminder) in a.dueAt < b.dueAt }
            let starts = state.startReminders.filter { $0.value.settledAt == nil && $0.value.due <= now }.keys.compactMap {
                state.startReminder(of: $0)
            }
            let items = state.itinerary.values.filter { state.itemReminders[$0.id] == nil && $0.remindAt <= now }.map { state.reminder(of: $0) }
            let daily = state.dailyReminders.compactMap { tripID, daily -> Reminder? in
                guard let next = daily.next, next.dueAt <= now, let trip = state.trips[tripID], daily.minute != nil else { return nil }
                return Reminder(
                    kind: .daily, ownerID: trip.ownerID, tripID: tripID, title: trip.details.title, date: next.date,
                    minuteOfDay: daily.minute, dueAt: next.dueAt)
            }
            for reminder in daily.sorted(by: earliest).prefix(limit) {
                guard let trip = state.trips[reminder.tripID], let minute = state.dailyReminders[reminder.tripID]?.minute ?? nil else { continue }
                state.dailyReminders[reminder.tripID]?.sent = (reminder.date, reminder.dueAt, now)
                state.dailyReminders[reminder.tripID]?.next = ReminderSchedule.nextDaily(
                    minuteOfDay: minute, dates: trip.details.dates,
                    zone: trip.details.zone, after: now)
            }
            let claimed =
                (starts.sorted(by: earliest).prefix(limit) + items.sorted(by: earliest).prefix(limit)
                + daily.sorted(by: earliest).prefix(limit)).sorted(by: earliest)
            for reminder in claimed {
                if let item = reminder.itemID {
                    state.itemReminders[item] = (now, true)
                } else {
                    state.startReminders[reminder.tripID]?.settledAt = now
                    state.startReminders[reminder.tripID]?.sent = true
                }
            }
            let sent = claimed.map { claimed in
                var sent = claimed
                sent.sentAt = now
                return sent
            }
            publicationQueue.add(sent.map { $0.publication(in: state.trips[$0.tripID]?.details.zone ?? .utc) }, at: now)
            return sent
        }
    }

    public func sentReminders(of owner: UUID, after instant: Date, subject: UUID?, limit: Int) async throws -> [Reminder] {
        // Hex digits sort as the bytes do, as PostgreSQL orders uuids.
        let key = subject?.uuidString ?? "~"
        func isAfter(_ sent: Date, _ reminder: Reminder) -> Bool {
            (sent.microsecondsSince1970, reminder.subjectID.uuidString) > (instant.microsecondsSince1970, key)
        }
        return state.withLock { state in
            var sent: [Reminder] = []
            for (tripID, reminder) in state.startReminders where reminder.sent {
                guard let settled = reminder.settledAt, var found = state.startReminder(of: tripID), found.ownerID == owner,
                    isAfter(settled, found)
                else { continue }
                found.sentAt = settled
                sent.append(found)
            }
            for item in state.itinerary.values where item.ownerID == owner {
                guard let settled = state.itemReminders[item.id], settled.sent else { continue }
                var found = state.reminder(of: item)
                guard isAfter(settled.settledAt, found) else { continue }
                found.sentAt = settled.settledAt
                sent.append(found)
            }
            for (tripID, daily) in state.dailyReminders {
                guard let trip = state.trips[tripID], trip.ownerID == owner, let last = daily.sent else { continue }
                let found = Reminder(
                    kind: .daily, ownerID: owner, tripID: tripID, title: trip.details.title, date: last.date,
                    minuteOfDay: daily.minute, dueAt: last.due, sentAt: last.at)
                if isAfter(last.at, found) { sent.append(found) }
            }
            return Array(sent.sorted { ($0.sentAt!, $0.subjectID.uuidString) < ($1.sentAt!, $1.subjectID.uuidString) }.prefix(limit))
        }
    }
}

extension InMemoryTripStore {
    public func setDailyReminder(trip id: UUID, owner: UUID, minuteOfDay: Int, at now: Date) async throws -> DailyReminder? {
        state.withLock { state -> DailyReminder? in
            guard let trip = state.trips[id], trip.ownerID == owner else { return nil }
            let next = ReminderSchedule.nextDaily(minuteOfDay: minuteOfDay, dates: trip.details.dates, zone: trip.details.zone, after: now)
            state.dailyReminders[id] = (minuteOfDay, next, state.dailyReminders[id]?.sent)
            return DailyReminder(tripID: id, minuteOfDay: minuteOfDay, next: next)
        }
    }

    public func clearDailyReminder(trip id: UUID, owner: UUID) async throws -> Bool {
        state.withLock { state -> Bool in
            guard let trip = state.trips[id], trip.ownerID == owner, state.dailyReminders[id]?.minute != nil else { return false }
            // The last one sent stays, as PostgreSQL keeps it on the trip's row, but it comes no more.
            state.dailyReminders[id]?.minute = nil
            state.dailyReminders[id]?.next = nil
            return true
        }
    }

    public func dailyReminder(trip id: UUID, owner: UUID) async throws -> DailyReminder? {
        state.withLock { state -> DailyReminder? in
            guard let trip = state.trips[id], trip.ownerID == owner, let daily = state.dailyReminders[id], let minute = daily.minute else {
                return nil
            }
            return DailyReminder(tripID: id, minuteOfDay: minute, next: daily.next)
        }
    }
}

extension InMemoryTripStore.State {
    func startReminder(of tripID: UUID) -> Reminder? {
        guard let trip = trips[tripID], let due = startReminders[tripID]?.due else { return nil }
        return Reminder(
            kind: .tripStarting, ownerID: trip.ownerID, tripID: tripID, title: trip.details.title, date: trip.details.dates.start, dueAt: due)
    }

    func reminder(of item: ItineraryItem) -> Reminder {
        Reminder(
            kind: .itinerary, ownerID: item.ownerID, tripID: item.tripID, itemID: item.id, placeID: item.placeID,
            title: item.placeID.map { places[$0]?.details.name ?? "A place" } ?? item.title, date: item.plan.date, minuteOfDay: item.plan.minuteOfDay,
            dueAt: item.remindAt)
    }

    /// Sets the trip's start reminder from its dates and zone; a moved one is sent again.
    mutating func scheduleStartReminder(of trip: Trip, at time: Date) {
        let due = TimedCursor(time: ReminderSchedule.tripStart(of: trip.details), id: trip.id).time
        if startReminders[trip.id]?.due == due { return }
        startReminders[trip.id] = (due, ReminderSchedule.sentAt(due: due, settingAt: time), false)
    }

    /// Moves the trip's itinerary reminders with its zone; a moved one is sent again.
    mutating func rescheduleItineraryReminders(ofTrip trip: Trip, at time: Date) {
        for var item in itinerary.values where item.tripID == trip.id {
            let due = TimedCursor(time: item.plan.instants(in: trip.details.zone).remindAt, id: item.id).time
            guard due != item.remindAt else { continue }
            item.remindAt = due
            itinerary[item.id] = item
            itemReminders[item.id] = ReminderSchedule.sentAt(due: due, settingAt: time).map { ($0, false) }
        }
    }
}
