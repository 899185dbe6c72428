import Foundation
import PostgresNIO
import RoamCore
import RoamRuntime

/// Journal entries in `trips.journal_entries`, deleted with their trip by the foreign key. Location
/// tags are kept in order as `text:…` and `pin:<id>` strings.
extension PostgresTripStore: JournalRepository {
    static let entryColumns = "id, trip_id, owner_id, title, body, entry_date::text, media_ids, prompt_id, location_tags, created_at"

    static func decodeEntry(_ row: PostgresRow) throws -> JournalEntry {
        let (id, trip, owner, title, body, date, media, prompt, tags, created) =
            try row.decode((UUID, UUID, UUID, String, String, String, [UUID], String?, [String], Date).self)
        guard let day = LocalDate(date) else { throw RoamError.internal }
        return JournalEntry(
            id: id, tripID: trip, ownerID: owner,
            details: JournalEntryDetails(
                title: title, body: body, date: day, mediaIDs: media, promptID: prompt,
                locationTags: tags.compactMap(LocationTag.init(stored:))),
            createdAt: created)
    }

    public func addEntry(_ entry: JournalEntry, idempotencyKey: String?) async throws -> JournalEntry? {
        let details = entry.details
        let inserted = try await database.query(
            """
            INSERT INTO trips.journal_entries (id, trip_id, owner_id, title, body, entry_date, media_ids, prompt_id, location_tags, created_at,
                                               idempotency_key, idempotency_fingerprint)
            SELECT \(entry.id), id, owner_id, \(details.title), \(details.body), \(details.date.description)::date, \(details.mediaIDs),
                   \(details.promptID), \(details.locationTags.map(\.stored)), \(entry.createdAt), \(idempotencyKey), \(IdempotentRequest.fingerprint)
            FROM trips.trips WHERE id = \(entry.tripID) AND owner_id = \(entry.ownerID)
            ON CONFLICT (trip_id, idempotency_key) DO NOTHING
            RETURNING \(unescaped: Self.entryColumns)
            """)
        if let row = inserted.first { return try Self.decodeEntry(row) }
        guard let idempotencyKey else { return nil }
        let first = try await database.query(
            """
            SELECT \(unescaped: Self.entryColumns) FROM trips.journal_entries
            WHERE trip_id = \(entry.tripID) AND owner_id = \(entry.ownerID) AND idempotency_key = \(idempotencyKey)
            """
        ).first.map(Self.decodeEntry)
        if let first { try await database.checkReplay(of: "trips.journal_entries", id: first.id) }
        return first
    }

    public func entry(_ id: UUID, owner: UUID) async throws -> JournalEntry? {
        try await database.query("SELECT \(unescaped: Self.entryColumns) FROM trips.journal_entries WHERE id = \(id) AND owner_id = \(owner)")
            .first.map(Self.decodeEntry)
    }

    public func entries(ofTrip trip: UUID, owner: UUID, on date: LocalDate?, page: PageRequest) async throws -> Page<JournalEntry> {
        let after = try JournalCursor.decode(page.cursor)
        let rows = try await database.query(
            """
            SELECT \(unescaped: Self.entryColumns) FROM trips.journal_entries
            WHERE trip_id = \(trip) AND owner_id = \(owner) AND (\(date == nil) OR entry_date = \(date?.description ?? "2000-01-01")::date)
              AND (\(after == nil) OR (entry_date, created_at, id) > (\(after?.date.description ?? "2000-01-01")::date,
                                                                     \(after?.written.bound ?? Date()), \(after?.written.id ?? UUID())))
            ORDER BY entry_date, created_at, id LIMIT \(page.size + 1)
            """
        ).map(Self.decodeEntry)
        return Page(fetched: rows, size: page.size) { JournalCursor($0).token }
    }

    public func updateEntry(_ id: UUID, owner: UUID, details: JournalEntryDetails) async throws -> JournalEntry? {
        try await database.query(
            """
            UPDATE trips.journal_entries SET title = \(details.title), body = \(details.body), entry_date = \(details.date.description)::date,
                media_ids = \(details.mediaIDs), prompt_id = \(details.promptID), location_tags = \(details.locationTags.map(\.stored))
            WHERE id = \(id) AND owner_id = \(owner)
            RETURNING \(unescaped: Self.entryColumns)
            """
        ).first.map(Self.decodeEntry)
    }

    public func deleteEntry(_ id: UUID, owner: UUID) async throws -> JournalEntry? {
        try await database.query(
            "DELETE FROM trips.journal_entries WHERE id = \(id) AND owner_id = \(owner) RETURNING \(unescaped: Self.entryColumns)"
        )
        .first.map(Self.decodeEntry)
    }

    public func usedPrompts(ofTrip trip: UUID, owner: UUID) async throws -> Set<String> {
        Set(
            try await database.query(
                """
                SELECT DISTINCT prompt_id FROM trips.journal_entries WHERE trip_id = \(trip) AND owner_id = \(owner) AND prompt_id IS NOT NULL
                """
            ).map { try $0.decode(String.self) })
    }

    public func entryCounts(ofTrip trip: UUID, owner: UUID) async throws -> [LocalDate: Int] {
        var counts: [LocalDate: Int] = [:]
        for row in try await database.query(
            """
            SELECT entry_date::text, count(*)::int FROM trips.journal_entries WHERE trip_id = \(trip) AND owner_id = \(owner) GROUP BY 1
            """)
        {
            let (day, count) = try row.decode((String, Int).self)
            if let day = LocalDate(day) { counts[day] = count }
        }
        return counts
    }
}
