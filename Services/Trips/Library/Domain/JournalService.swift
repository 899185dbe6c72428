import Foundation
import RoamCore

/// A trip's journal: entries about its days, with photos (attached through media), a prompt and
/// location tags, and the prompts still unanswered. Only the trip's owner reads or writes it.
public struct JournalService: Sendable {
    let trips: TripService
    let pins: PinService
    let journal: any JournalRepository
    let media: any MediaAttachments

    public init(trips: TripService, pins: PinService, journal: any JournalRepository, media: any MediaAttachments) {
        self.trips = trips
        self.pins = pins
        self.journal = journal
        self.media = media
    }

    public static let entryNotFound = RoamError.notFound("journal entry")

    public func create(_ draft: JournalDraft, trip tripID: UUID, owner: UUID, idempotencyKey: String?) async throws -> JournalEntry {
        let trip = try await trips.trip(tripID, owner: owner)
        let details = try draft.validated(for: trip.details, now: trips.now())
        try TripService.checkIdempotencyKey(idempotencyKey)
        try await requirePins(of: details, in: trip)
        let created = trips.now()
        let entry = JournalEntry(id: .v7(at: created), tripID: tripID, ownerID: owner, details: details, createdAt: created)
        if !details.mediaIDs.isEmpty { try await media.attach(details.mediaIDs, to: Self.subject(of: entry), for: owner, field: "media_ids") }
        let stored = try await journal.addEntry(entry, idempotencyKey: idempotencyKey)
        // Not stored (the key's first entry answers, or the trip went): its photos stay with nothing.
        if stored?.id != entry.id, !details.mediaIDs.isEmpty {
            try await media.detach(details.mediaIDs, from: Self.subject(of: entry), for: owner)
        }
        guard let stored else { throw TripService.tripNotFound }
        return stored
    }

    public func entry(_ id: UUID, inTrip trip: UUID, owner: UUID) async throws -> JournalEntry {
        guard let entry = try await journal.entry(id, owner: owner), entry.tripID == trip else { throw Self.entryNotFound }
        return entry
    }

    /// The trip's entries, all or one day's.
    public func entries(ofTrip tripID: UUID, on day: LocalDate?, owner: UUID, page: PageRequest) async throws -> Page<JournalEntry> {
        let trip = try await trips.trip(tripID, owner: owner)
        if let day { try PinService.requireDay(day, of: trip, field: "date") }
        return try await journal.entries(ofTrip: tripID, owner: owner, on: day, page: page)
    }

    /// Replaces the entry with `draft` (its day defaults to the entry's own), checked as a new one is.
    public func update(_ id: UUID, inTrip tripID: UUID, with draft: JournalDraft, owner: UUID) async throws -> JournalEntry {
        let entry = try await entry(id, inTrip: tripID, owner: owner)
        let trip = try await trips.trip(tripID, owner: owner)
        var draft = draft
        draft.date = draft.date ?? entry.details.date.description
        let details = try draft.validated(for: trip.details, now: trips.now())
        try await requirePins(of: details, in: trip)
        try await media.replace(entry.details.mediaIDs, with: details.mediaIDs, on: Self.subject(of: entry), for: owner, field: "media_ids")
        guard let updated = try await journal.updateEntry(id, owner: owner, details: details) else { throw Self.entryNotFound }
        return updated
    }

    /// Deletes the entry and lets its photos go; deleting it again is harmless.
    public func delete(_ id: UUID, inTrip tripID: UUID, owner: UUID) async throws {
        guard let entry = try await journal.entry(id, owner: owner), entry.tripID == tripID,
              let deleted = try await journal.deleteEntry(id, owner: owner) else { return }
        if !deleted.details.mediaIDs.isEmpty { try await media.detach(deleted.details.mediaIDs, from: Self.subject(of: deleted), for: owner) }
    }

    /// A prompt the trip's entries have not answered yet, in a fixed order of the trip's own (nil when
    /// every one has been), and how many remain.
    public func nextPrompt(forTrip tripID: UUID, owner: UUID) async throws -> (prompt: JournalPrompt?, remaining: Int) {
        _ = try await trips.trip(tripID, owner: owner)
        let used = try await journal.usedPrompts(ofTrip: tripID, owner: owner)
        var generator = SeededGenerator(seed: tripID)
        let unanswered = JournalPrompts.catalog.shuffled(using: &generator).filter { !used.contains($0.id) }
        return (unanswered.first, unanswered.count)
    }

    /// Each entry's cover: its first photo; else the photo nearest its first tagged pin that still
    /// exists, within the photo radius; else none. The library is asked once for them all; media being
    /// down leaves only the first case.
    public func covers(of entries: [JournalEntry], trip: Trip) async -> [UUID: UUID] {
        var covers: [UUID: UUID] = [:]
        var firstPins: [UUID: Pin] = [:]
        for entry in entries {
            if let first = entry.details.mediaIDs.first {
                covers[entry.id] = first
                continue
            }
            for tag in entry.details.locationTags {
                guard case .pin(let pinID) = tag, let pin = try? await pins.pin(pinID, inTrip: trip.id, owner: trip.ownerID) else { continue }
                firstPins[entry.id] = pin
                break
            }
        }
        let pinCovers = await pins.covers(of: Array(Set(firstPins.values)), trip: trip)
        for (entry, pin) in firstPins { covers[entry] = pinCovers[pin.id] }
        return covers
    }

    /// Tag autocomplete: the trip's pins whose titles start with `prefix` (any case), alphabetically.
    public func places(ofTrip tripID: UUID, prefix: String, owner: UUID, limit: Int) async throws -> [Pin] {
        let prefix = prefix.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        var found: [Pin] = []
        var cursor: String?
        repeat {
            let page = try await pins.pins(ofTrip: tripID, on: nil, owner: owner, page: PageRequest(size: PageRequest.maximumSize, cursor: cursor))
            found += page.items.filter { prefix.isEmpty || $0.details.title.lowercased().hasPrefix(prefix) }
            cursor = page.nextCursor
        } while cursor != nil
        return Array(found.sorted { ($0.details.title.lowercased(), $0.id.uuidString) < ($1.details.title.lowercased(), $1.id.uuidString) }
            .prefix(limit))
    }

    /// How many entries each day of the trip has.
    public func entryCounts(of trip: Trip) async throws -> [LocalDate: Int] {
        try await journal.entryCounts(ofTrip: trip.id, owner: trip.ownerID)
    }

    /// Every tagged pin must be one of the trip's.
    private func requirePins(of details: JournalEntryDetails, in trip: Trip) async throws {
        var validation = Validation()
        for (index, tag) in details.locationTags.enumerated() {
            guard case .pin(let pinID) = tag else { continue }
            let pin = try await pins.pins.pin(pinID, owner: trip.ownerID)
            validation.require(pin?.tripID == trip.id, "location_tags[\(index)].pin_id", "must be a pin of this trip")
        }
        try validation.check()
    }

    /// Where an entry's photos are attached in media; under the trip, so a deleted trip lets them go.
    static func subject(of entry: JournalEntry) -> String {
        "trip/\(entry.tripID.lowercasedString)/journal/\(entry.id.lowercasedString)"
    }
}
