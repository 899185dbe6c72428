import Foundation
import RoamCore
import RoamRuntime
import Synchronization

/// Trips in memory, for tests and `ROAM_IN_MEMORY`; behaves as `PostgresTripStore` does.
public final class InMemoryTripStore: TripRepository, StoreWithOutbox {
    struct State {
        var trips: [UUID: Trip] = [:]
        /// Owner and key → the trip first created with it.
        var idempotencyKeys: [String: UUID] = [:]
        /// "kind/scope/key" → the fingerprint of the request that used the key first.
        var fingerprints = IdempotencyFingerprints()
        var pins: [UUID: Pin] = [:]
        /// Trip and key → the pin first created with it.
        var pinKeys: [String: UUID] = [:]
        /// Trip → its recorded points by moment.
        var trackPoints: [UUID: [Date: TrackPoint]] = [:]
        var journal: [UUID: JournalEntry] = [:]
        /// Trip and key → the entry first created with it.
        var journalKeys: [String: UUID] = [:]
        var places: [UUID: Place] = [:]
        /// Source id → place.
        var placeIDs: [String: UUID] = [:]
        /// Place → user → stars.
        var placeRatings: [UUID: [UUID: Int]] = [:]
        /// Trip → place → when it was saved.
        var savedPlaces: [UUID: [UUID: Date]] = [:]
        var itinerary: [UUID: ItineraryItem] = [:]
        /// Trip → its start reminder's due time, when it was settled (sent, or passed over as due
        /// already when set) and whether it was sent.
        var startReminders: [UUID: (due: Date, settledAt: Date?, sent: Bool)] = [:]
        /// Itinerary item → when its reminder was settled, and whether it was sent.
        var itemReminders: [UUID: (settledAt: Date, sent: Bool)] = [:]
        /// Trip → its daily reminder's minute (nil once turned off), next day and instant, and the last one sent.
        var dailyReminders: [UUID: (minute: Int?, next: (date: LocalDate, dueAt: Date)?, sent: (date: LocalDate, due: Date, at: Date)?)] = [:]

        /// Everything in the trip goes with it, as PostgreSQL's foreign keys do.
        mutating func removeTrip(_ id: UUID) {
            trips[id] = nil
            let pinsOfTrip = pins.values.filter { $0.tripID == id }.map(\.id)
            for pin in pinsOfTrip { pins[pin] = nil }
            pinKeys = pinKeys.filter { !$0.key.hasPrefix("\(id)/") }
            trackPoints[id] = nil
            savedPlaces[id] = nil
            for item in itinerary.values where item.tripID == id { itemReminders[item.id] = nil }
            itinerary = itinerary.filter { $0.value.tripID != id }
            startReminders[id] = nil
            dailyReminders[id] = nil
            let entriesOfTrip = journal.values.filter { $0.tripID == id }.map(\.id)
            for entry in entriesOfTrip { journal[entry] = nil }
            journalKeys = journalKeys.filter { !$0.key.hasPrefix("\(id)/") }
        }
    }

    let state = Mutex(State())
    /// Entries other services must hear about (`StoreWithOutbox`).
    let outboxEntries = InMemoryOutbox()
    public var outbox: any OutboxRepository { outboxEntries }
    /// Claimed reminders waiting for the notifications service (`ReminderRepository`).
    let publicationQueue = InMemoryPublicationQueue()
    public var publications: any PublicationQueue { publicationQueue }

    public init() {}

    public func create(_ trip: Trip, idempotencyKey: String?) async throws -> Trip {
        try state.withLock { state throws(RoamError) in
            let key = idempotencyKey.map { "\(trip.ownerID)/\($0)" }
            if let key, let first = state.idempotencyKeys[key].flatMap({ state.trips[$0] }) {
                try state.fingerprints.checkReplay("trip/\(key)")
                return first
            }
            let stored = Trip(
                id: trip.id, ownerID: trip.ownerID, details: trip.details, createdAt: TimedCursor(time: trip.createdAt, id: trip.id).time)
            state.trips[trip.id] = stored
            state.scheduleStartReminder(of: stored, at: trip.createdAt)
            if let key {
                state.idempotencyKeys[key] = trip.id
                state.fingerprints.remember("trip/\(key)")
            }
            return stored
        }
    }

    public func trip(_ id: UUID, owner: UUID) async throws -> Trip? {
        state.withLock { state in state.trips[id].flatMap { $0.ownerID == owner ? $0 : nil } }
    }

    public func trips(of owner: UUID, matching filter: TripFilter, page: PageRequest) async throws -> Page<Trip> {
        let after = try TripCursor.decode(page.cursor)
        let rows = state.withLock { state in
            state.trips.values
                .filter { $0.ownerID == owner && filter.matches($0.details) && (after?.precedes($0) ?? true) }
                .sorted { ($0.details.dates.start, $0.id.uuidString) > ($1.details.dates.start, $1.id.uuidString) }
        }
        return Page(fetched: Array(rows.prefix(page.size + 1)), size: page.size) { TripCursor($0).token }
    }

    public func update(_ id: UUID, owner: UUID, details: TripDetails, at time: Date) async throws -> Trip? {
        state.withLock { state in
            guard var trip = state.trips[id], trip.ownerID == owner else { return nil }
            trip.details = details
            state.trips[id] = trip
            state.scheduleStartReminder(of: trip, at: time)
            state.rescheduleItineraryReminders(ofTrip: trip, at: time)
            if let minute = state.dailyReminders[id]?.minute {
                state.dailyReminders[id]?.next = ReminderSchedule.nextDaily(
                    minuteOfDay: minute, dates: details.dates, zone: details.zone, after: time)
            }
            return trip
        }
    }

    public func deleteAll(of owner: UUID) async throws -> Int {
        state.withLock { state in
            let theirs = state.trips.values.filter { $0.ownerID == owner }.map(\.id)
            for id in theirs { state.removeTrip(id) }
            state.idempotencyKeys = state.idempotencyKeys.filter { !$0.key.hasPrefix("\(owner)/") }
            publicationQueue.forget(user: owner)
            return theirs.count
        }
    }

    public func delete(_ id: UUID, owner: UUID, at time: Date) async throws -> Bool {
        state.withLock { state in
            guard let trip = state.trips[id], trip.ownerID == owner else { return false }
            state.removeTrip(id)
            outboxEntries.add(OutboxEntry(id: .v7(at: time), topic: .tripDeleted, subjectID: id, createdAt: time))
            return true
        }
    }
}
