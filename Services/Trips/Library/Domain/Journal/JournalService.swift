import Foundation
import RoamCore

/// A trip's journal: entries about its days, with photos (attached through media), a prompt and
/// location tags (free text, the trip's pins, places saved to it), and the prompts still unanswered.
/// Only the trip's owner reads or writes it.
public struct JournalService: Sendable {
    let trips: TripService
    let pins: PinService
    let saved: any SavedPlacesRepository
    let journal: any JournalRepository
    let media: any MediaAttachments

    public static let entryNotFound = RoamError.notFound("journal entry")

    public func create(_ draft: JournalDraft, trip tripID: UUID, owner: UUID, idempotencyKey: String?) async throws -> JournalEntry {
        let trip = try await trips.trip(tripID, owner: owner)
        let details = try draft.validated(for: trip.details, now: trips.now())
        try IdempotencyKey.check(idempotencyKey)
        try await requireTaggedPlaces(of: details, in: trip)
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
        try await entries(of: trips.trip(tripID, owner: owner), on: day, page: page)
    }

    /// The entries of a trip its owner has already read, all or one day's.
    public func entries(of trip: Trip, on day: LocalDate?, page: PageRequest) async throws -> Page<JournalEntry> {
        if let day { try PinService.requireDay(day, of: trip, field: "date") }
        return try await journal.entries(ofTrip: trip.id, owner: trip.ownerID, on: day, page: page)
    }

    /// Replaces the entry with `draft` (its day defaults to the entry's own), checked as a new one is.
    public func update(_ id: UUID, inTrip tripID: UUID, with draft: JournalDraft, owner: UUID) async throws -> JournalEntry {
        let entry = try await entry(id, inTrip: tripID, owner: owner)
        let trip = try await trips.trip(tripID, owner: owner)
        var draft = draft
        draft.date = draft.date ?? entry.details.date.description
        let details = try draft.validated(for: trip.details, now: trips.now())
        try await requireTaggedPlaces(of: details, in: trip)
        try await media.replace(entry.details.mediaIDs, with: details.mediaIDs, on: Self.subject(of: entry), for: owner, field: "media_ids")
        guard let updated = try await journal.updateEntry(id, owner: owner, details: details) else { throw Self.entryNotFound }
        return updated
    }

    /// Deletes the entry and lets its photos go; one not in the owner's trip, or gone already, is not found.
    public func delete(_ id: UUID, inTrip tripID: UUID, owner: UUID) async throws {
        guard let entry = try await journal.entry(id, owner: owner), entry.tripID == tripID,
            let deleted = try await journal.deleteEntry(id, owner: owner)
        else { throw Self.entryNotFound }
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

    /// Each entry's cover: its first photo; else its first tagged pin's or saved place's (that still
    /// is one): the cover the owner chose for the pin, or the photo nearest it within the photo radius;
    /// else none. `tagged` is what `taggedPlaces` found for the entries (the caller has read it for the
    /// tags' titles already). The library is asked once for them all; media being down leaves only the
    /// chosen ones.
    public func covers(of entries: [JournalEntry], trip: Trip, tagged: [UUID: TripPlace]) async -> [UUID: UUID] {
        var covers: [UUID: UUID] = [:]
        var firstPlaces: [UUID: GeoPoint] = [:]
        for entry in entries {
            if let first = entry.details.mediaIDs.first {
                covers[entry.id] = first
            } else if let place = entry.details.locationTags.lazy.compactMap({ $0.placeID.flatMap { tagged[$0] } }).first {
                if let chosen = place.coverMediaID { covers[entry.id] = chosen } else { firstPlaces[entry.id] = place.point }
            }
        }
        covers.merge(await pins.nearestPhotos(to: firstPlaces, trip: trip)) { chosen, _ in chosen }
        return covers
    }

    /// The pins and saved places the entries' tags name that still are the trip's, by id. A pin among
    /// `knownPins` (the trip's, read already: the day's) is not read again.
    public func taggedPlaces(in entries: [JournalEntry], trip: Trip, knownPins: [Pin] = []) async throws -> [UUID: TripPlace] {
        let known = Dictionary(knownPins.map { ($0.id, $0) }) { first, _ in first }
        var found: [UUID: TripPlace] = [:]
        var savedPlaces: [UUID: TripPlace]?
        for tag in entries.flatMap(\.details.locationTags) {
            guard let id = tag.placeID, found[id] == nil else { continue }
            switch tag {
            case .pin:
                let pin: Pin? = if let read = known[id] { read } else { try? await pins.pin(id, inTrip: trip.id, owner: trip.ownerID) }
                guard let pin else { continue }
                found[id] = TripPlace(pin)
            case .place:
                if savedPlaces == nil { savedPlaces = try await self.savedPlaces(of: trip) }
                found[id] = savedPlaces?[id]
            case .text:
                continue
            }
        }
        return found
    }

    /// Tag autocomplete: the trip's pins and saved places whose titles start with `prefix` (any case),
    /// alphabetically.
    public func places(ofTrip tripID: UUID, prefix: String, owner: UUID, limit: Int) async throws -> [TripPlace] {
        let trip = try await trips.trip(tripID, owner: owner)
        let prefix = prefix.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        var found = Array(try await savedPlaces(of: trip).values)
        var cursor: String?
        repeat {
            let page = try await pins.pins(ofTrip: tripID, on: nil, owner: owner, page: PageRequest(size: PageRequest.maximumSize, cursor: cursor))
            found += page.items.map(TripPlace.init)
            cursor = page.nextCursor
        } while cursor != nil
        return Array(
            found.filter { prefix.isEmpty || $0.title.lowercased().hasPrefix(prefix) }
                .sorted { ($0.title.lowercased(), $0.id.uuidString) < ($1.title.lowercased(), $1.id.uuidString) }
                .prefix(limit))
    }

    private func savedPlaces(of trip: Trip) async throws -> [UUID: TripPlace] {
        Dictionary(
            try await saved.savedPlaces(ofTrip: trip.id, owner: trip.ownerID).map {
                ($0.place.id, TripPlace(kind: .place, id: $0.place.id, title: $0.place.details.name, point: $0.place.details.point))
            }
        ) { first, _ in first }
    }

    /// How many entries each day of the trip has.
    public func entryCounts(of trip: Trip) async throws -> [LocalDate: Int] {
        try await journal.entryCounts(ofTrip: trip.id, owner: trip.ownerID)
    }

    /// Every tagged pin must be one of the trip's, and every tagged place saved to it.
    private func requireTaggedPlaces(of details: JournalEntryDetails, in trip: Trip) async throws {
        var validation = Validation()
        var savedIDs: Set<UUID>?
        for (index, tag) in details.locationTags.enumerated() {
            switch tag {
            case .text:
                continue
            case .pin(let pinID):
                let pin = try await pins.pins.pin(pinID, owner: trip.ownerID)
                validation.require(pin?.tripID == trip.id, "location_tags[\(index)].pin_id", "must be a pin of this trip")
            case .place(let placeID):
                if savedIDs == nil { savedIDs = Set(try await savedPlaces(of: trip).keys) }
                validation.require(savedIDs?.contains(placeID) == true, "location_tags[\(index)].place_id", "must be a place saved to this trip")
            }
        }
        try validation.check()
    }

    /// Where an entry's photos are attached in media; under the trip, so a deleted trip lets them go.
    static func subject(of entry: JournalEntry) -> String {
        "trip/\(entry.tripID.lowercasedString)/journal/\(entry.id.lowercasedString)"
    }
}
