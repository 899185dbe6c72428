import Foundation
import RoamCore

/// The itinerary beside its trips, under the same lock, so a deleted trip takes it.
extension InMemoryTripStore: ItineraryRepository {
    public func addItem(_ item: ItineraryItem) async throws -> ItineraryItem? {
        state.withLock { state in
            guard let trip = state.trips[item.tripID], trip.ownerID == item.ownerID else { return nil }
            let stored = ItineraryItem(
                id: item.id, tripID: item.tripID, ownerID: item.ownerID, placeID: item.placeID, plan: item.plan,
                remindAt: TimedCursor(time: item.remindAt, id: item.id).time,
                createdAt: TimedCursor(time: item.createdAt, id: item.id).time)
            state.itinerary[item.id] = stored
            state.itemReminders[item.id] = ReminderSchedule.sentAt(due: stored.remindAt, settingAt: item.createdAt).map { ($0, false) }
            return stored
        }
    }

    public func itinerary(ofTrip trip: UUID, owner: UUID) async throws -> [ItineraryItem] {
        state.withLock { state in
            state.itinerary.values.filter { $0.tripID == trip && $0.ownerID == owner }.sorted(by: ItineraryItem.precedes)
        }
    }

    public func removeItem(_ id: UUID, owner: UUID) async throws -> Bool {
        state.withLock { state in
            guard let item = state.itinerary[id], item.ownerID == owner else { return false }
            state.itinerary[id] = nil
            state.itemReminders[id] = nil
            return true
        }
    }
}
