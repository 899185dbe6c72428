import Foundation
import GRPCCore
import RoamCore
import RoamProto
import RoamRuntime
import SwiftProtobuf

/// The journal: entries, prompts and location-tag autocomplete.
extension TripsGRPCService {
    public func createJournalEntry(
        request: Roam_Trips_V1_CreateJournalEntryRequest, context _: ServerContext
    ) async throws
        -> Roam_Trips_V1_CreateJournalEntryResponse
    {
        let owner = try caller()
        let tripID = try UUID(field: "trip_id", request.tripID)
        let entry = try await journal.create(
            try draft(request.entry), trip: tripID, owner: owner,
            idempotencyKey: request.idempotencyKey.isEmpty ? nil : request.idempotencyKey)
        let view = try await view([entry], tripID: tripID, owner: owner)[0]
        return .with { $0.entry = view }
    }

    public func getJournalEntry(
        request: Roam_Trips_V1_GetJournalEntryRequest, context _: ServerContext
    ) async throws
        -> Roam_Trips_V1_GetJournalEntryResponse
    {
        let (tripID, entryID) = try ids(trip: request.tripID, "entry_id", request.entryID)
        let owner = try caller()
        let entry = try await journal.entry(entryID, inTrip: tripID, owner: owner)
        let view = try await view([entry], tripID: tripID, owner: owner)[0]
        return .with { $0.entry = view }
    }

    public func listJournalEntries(
        request: Roam_Trips_V1_ListJournalEntriesRequest, context _: ServerContext
    ) async throws
        -> Roam_Trips_V1_ListJournalEntriesResponse
    {
        let owner = try caller()
        let tripID = try UUID(field: "trip_id", request.tripID)
        let day = try request.date.isEmpty ? nil : LocalDate(field: "date", request.date)
        let page = try await journal.entries(ofTrip: tripID, on: day, owner: owner, page: request.page.domain())
        let views = try await view(page.items, tripID: tripID, owner: owner)
        return .with {
            $0.entries = views
            $0.page = .init(cursor: page.nextCursor)
        }
    }

    public func updateJournalEntry(
        request: Roam_Trips_V1_UpdateJournalEntryRequest, context _: ServerContext
    ) async throws
        -> Roam_Trips_V1_UpdateJournalEntryResponse
    {
        let (tripID, entryID) = try ids(trip: request.tripID, "entry_id", request.entryID)
        let owner = try caller()
        let entry = try await journal.update(entryID, inTrip: tripID, with: try draft(request.entry), owner: owner)
        let view = try await view([entry], tripID: tripID, owner: owner)[0]
        return .with { $0.entry = view }
    }

    public func deleteJournalEntry(
        request: Roam_Trips_V1_DeleteJournalEntryRequest, context _: ServerContext
    ) async throws
        -> Roam_Trips_V1_DeleteJournalEntryResponse
    {
        let (tripID, entryID) = try ids(trip: request.tripID, "entry_id", request.entryID)
        try await journal.delete(entryID, inTrip: tripID, owner: caller())
        return .init()
    }

    public func getJournalPrompt(
        request: Roam_Trips_V1_GetJournalPromptRequest, context _: ServerContext
    ) async throws
        -> Roam_Trips_V1_GetJournalPromptResponse
    {
        let (prompt, remaining) = try await journal.nextPrompt(forTrip: UUID(field: "trip_id", request.tripID), owner: caller())
        return .with {
            if let prompt {
                $0.promptID = prompt.id
                $0.text = prompt.text
            }
            $0.remaining = Int32(remaining)
        }
    }

    public func listTripPlaces(
        request: Roam_Trips_V1_ListTripPlacesRequest, context _: ServerContext
    ) async throws
        -> Roam_Trips_V1_ListTripPlacesResponse
    {
        guard (0...100).contains(request.limit) else { throw RoamError.invalidField("limit", "must be from 1 to 100") }
        let places = try await journal.places(
            ofTrip: UUID(field: "trip_id", request.tripID), prefix: request.prefix, owner: caller(),
            limit: request.limit == 0 ? 20 : Int(request.limit))
        return .with {
            $0.places = places.map { place in
                .with {
                    $0.kind = place.kind.rawValue
                    $0.id = place.id.lowercasedString
                    $0.title = place.title
                }
            }
        }
    }

    /// An entry as the request writes it; ids that are not UUIDs are named by field.
    private func draft(_ fields: Roam_Trips_V1_JournalEntryFields) throws(RoamError) -> JournalDraft {
        var validation = Validation()
        var media: [UUID] = []
        for (index, text) in fields.mediaIds.enumerated() {
            let id = UUID(uuidString: text)
            validation.require(id != nil, "media_ids[\(index)]", "must be a UUID")
            if let id { media.append(id) }
        }
        var tags: [LocationTag] = []
        for (index, tag) in fields.locationTags.enumerated() {
            switch tag.tag {
            case .text(let text): tags.append(.text(text))
            case .pinID(let text):
                let id = UUID(uuidString: text)
                validation.require(id != nil, "location_tags[\(index)].pin_id", "must be a UUID")
                if let id { tags.append(.pin(id)) }
            case .placeID(let text):
                let id = UUID(uuidString: text)
                validation.require(id != nil, "location_tags[\(index)].place_id", "must be a UUID")
                if let id { tags.append(.place(id)) }
            case nil: validation.require(false, "location_tags[\(index)]", "must have a text, a pin or a place")
            }
        }
        try validation.check()
        return JournalDraft(
            title: fields.title, body: fields.body, date: fields.date.isEmpty ? nil : fields.date, mediaIDs: media,
            promptID: fields.promptID.isEmpty ? nil : fields.promptID, locationTags: tags)
    }

    /// The entries as sent: pin and place tags with their titles, and each entry's cover.
    private func view(_ entries: [JournalEntry], tripID: UUID, owner: UUID) async throws -> [Roam_Trips_V1_JournalEntry] {
        try await view(entries, trip: trips.trip(tripID, owner: owner))
    }

    func view(_ entries: [JournalEntry], trip: Trip) async throws -> [Roam_Trips_V1_JournalEntry] {
        let tagged = try await journal.taggedPlaces(in: entries, trip: trip)
        let covers = await journal.covers(of: entries, trip: trip, tagged: tagged)
        let titles = tagged.mapValues(\.title)
        return entries.map { $0.proto(titles: titles, cover: covers[$0.id]) }
    }
}

extension JournalEntry {
    /// The entry as sent, with the titles of the pins and places its tags name; those no longer the
    /// trip's (a deleted pin, a place no longer saved) drop out of its tags.
    func proto(titles: [UUID: String], cover: UUID?) -> Roam_Trips_V1_JournalEntry {
        .with {
            $0.id = id.lowercasedString
            $0.tripID = tripID.lowercasedString
            $0.title = details.title
            $0.body = details.body
            $0.date = details.date.description
            $0.mediaIds = details.mediaIDs.map(\.lowercasedString)
            if let prompt = details.promptID.flatMap(JournalPrompts.prompt) {
                $0.promptID = prompt.id
                $0.prompt = prompt.text
            }
            $0.locationTags = details.locationTags.compactMap { tag in
                switch tag {
                case .text(let text): return .with { $0.text = text }
                case .pin(let id), .place(let id):
                    guard let title = titles[id] else { return nil }
                    return .with {
                        if case .pin = tag { $0.pinID = id.lowercasedString } else { $0.placeID = id.lowercasedString }
                        $0.title = title
                    }
                }
            }
            if let cover { $0.coverMediaID = cover.lowercasedString }
            $0.createdAt = Google_Protobuf_Timestamp(date: createdAt)
        }
    }
}
