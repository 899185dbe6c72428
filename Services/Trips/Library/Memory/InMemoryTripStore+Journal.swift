import Foundation
import RoamCore

/// Journal entries beside their trips, under the same lock, so a deleted trip takes its entries.
extension InMemoryTripStore: JournalRepository {
    public func addEntry(_ entry: JournalEntry, idempotencyKey: String?) async throws -> JournalEntry? {
        try state.withLock { state throws(RoamError) in
            guard let trip = state.trips[entry.tripID], trip.ownerID == entry.ownerID else { return nil }
            let key = idempotencyKey.map { "\(entry.tripID)/\($0)" }
            if let key, let first = state.journalKeys[key].flatMap({ state.journal[$0] }) {
                try state.fingerprints.checkReplay("journal/\(key)")
                return first
            }
            let stored = JournalEntry(
                id: entry.id, tripID: entry.tripID, ownerID: entry.ownerID, details: entry.details,
                createdAt: TimedCursor(time: entry.createdAt, id: entry.id).time)
            state.journal[entry.id] = stored
            if let key {
                state.journalKeys[key] = entry.id
                state.fingerprints.remember("journal/\(key)")
            }
            return stored
        }
    }

    public func entry(_ id: UUID, owner: UUID) async throws -> JournalEntry? {
        state.withLock { state in state.journal[id].flatMap { $0.ownerID == owner ? $0 : nil } }
    }

    public func entries(ofTrip trip: UUID, owner: UUID, on date: LocalDate?, page: PageRequest) async throws -> Page<JournalEntry> {
        let after = try JournalCursor.decode(page.cursor)
        let rows = state.withLock { state in
            state.journal.values
                .filter { entry in entry.tripID == trip && entry.ownerID == owner && (date.map { $0 == entry.details.date } ?? true) }
                .filter { entry in after.map { $0 < JournalCursor(entry) } ?? true }
                .sorted { JournalCursor($0) < JournalCursor($1) }
        }
        return Page(fetched: Array(rows.prefix(page.size + 1)), size: page.size) { JournalCursor($0).token }
    }

    public func updateEntry(_ id: UUID, owner: UUID, details: JournalEntryDetails) async throws -> JournalEntry? {
        state.withLock { state in
            guard var entry = state.journal[id], entry.ownerID == owner else { return nil }
            entry.details = details
            state.journal[id] = entry
            return entry
        }
    }

    public func deleteEntry(_ id: UUID, owner: UUID) async throws -> JournalEntry? {
        state.withLock { state in
            guard let entry = state.journal[id], entry.ownerID == owner else { return nil }
            state.journal[id] = nil
            return entry
        }
    }

    public func usedPrompts(ofTrip trip: UUID, owner: UUID) async throws -> Set<String> {
        state.withLock { state in
            Set(state.journal.values.filter { $0.tripID == trip && $0.ownerID == owner }.compactMap(\.details.promptID))
        }
    }

    public func entryCounts(ofTrip trip: UUID, owner: UUID) async throws -> [LocalDate: Int] {
        state.withLock { state in
            state.journal.values.filter { $0.tripID == trip && $0.ownerID == owner }
                .reduce(into: [:]) { counts, entry in counts[entry.details.date, default: 0] += 1 }
        }
    }
}
