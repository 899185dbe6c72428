import Foundation
import PostgresNIO
import RoamCore
import RoamRuntime

/// Lists and items in PostgreSQL (schema `bucketlists`, PostGIS). A list's counts are counted when it
/// is read; item positions stay dense because every write that changes them locks the list's row.
public struct PostgresBucketListStore: BucketListRepository {
    let database: Database

    static let listColumns = """
        l.id, l.owner_id, l.title, l.description, l.cover_media_id, l.visibility, l.created_at, l.updated_at,
        (SELECT count(*) FROM bucketlists.items i WHERE i.list_id = l.id AND i.taken_down_at IS NULL),
        (SELECT count(*) FROM bucketlists.items i WHERE i.list_id = l.id AND i.completed_at IS NOT NULL AND i.taken_down_at IS NULL),
        l.taken_down_at, l.takedown_reason, l.taken_down_by
        """

    static func decodeList(_ row: PostgresRow) throws -> BucketList {
        let (id, owner, title, description, cover, visibility, created, updated, items, completed, downAt, downReason, downBy) =
            try row.decode((UUID, UUID, String, String, UUID?, String, Date, Date, Int64, Int64, Date?, String?, String?).self)
        guard let visibility = Visibility(rawValue: visibility) else { throw RoamError.internal }
        var list = BucketList(
            id: id, ownerID: owner, details: ListDetails(title: title, description: description, coverMediaID: cover, visibility: visibility),
            itemCount: Int(items), completedCount: Int(completed), createdAt: created, updatedAt: updated)
        list.takedown = Self.takedown(at: downAt, reason: downReason, by: downBy)
        return list
    }

    static let itemColumns = """
        id, list_id, owner_id, title, description, ST_Y(place::geometry), ST_X(place::geometry), place_name, target_date::text, media_ids,
        position, completed_at, completion_note, completion_media_id, source_activity_id, source_item_id, created_at, updated_at,
        taken_down_at, takedown_reason, taken_down_by
        """

    static func decodeItem(_ row: PostgresRow) throws -> Item {
        let (
            id, list, owner, title, description, latitude, longitude, placeName, targetDate, media, position, completedAt, completionNote,
            completionMedia, sourceActivity, sourceItem, created, updated, downAt, downReason, downBy
        ) = try row.decode(
            (
                UUID, UUID, UUID, String, String, Double?, Double?, String?, String?, [UUID], Int32, Date?, String?, UUID?, UUID?, UUID?, Date,
                Date, Date?, String?, String?
            ).self)
        var place: NamedPlace?
        if let latitude, let longitude {
            place = NamedPlace(point: GeoPoint(latitude: latitude, longitude: longitude), name: placeName ?? "")
        }
        let completion = completedAt.map { Completion(at: $0, note: completionNote ?? "", mediaID: completionMedia) }
        let source: ItemSource? = sourceActivity.map(ItemSource.activity) ?? sourceItem.map(ItemSource.item)
        let details = ItemDetails(
            title: title, description: description, place: place, targetDate: targetDate.flatMap(LocalDate.init), mediaIDs: media)
        var item = Item(
            id: id, listID: list, ownerID: owner, details: details, position: Int(position), completion: completion, source: source,
            createdAt: created, updatedAt: updated)
        item.takedown = Self.takedown(at: downAt, reason: downReason, by: downBy)
        return item
    }

    static func takedown(at: Date?, reason: String?, by: String?) -> Takedown? {
        at.map { Takedown(at: $0, reason: reason ?? "", by: by ?? "") }
    }

    // MARK: Lists

    public func create(_ list: BucketList, idempotencyKey: String?) async throws -> BucketList {
        let details = list.details
        let inserted = try await database.query(
            """
            INSERT INTO bucketlists.lists (id, owner_id, title, description, cover_media_id, visibility, created_at, updated_at, idempotency_key, idempotency_fingerprint)
            VALUES (\(list.id), \(list.ownerID), \(details.title), \(details.description), \(details.coverMediaID), \(details.visibility.rawValue),
                    \(list.createdAt), \(list.updatedAt), \(idempotencyKey), \(IdempotentRequest.fingerprint))
            ON CONFLICT (owner_id, idempotency_key) DO NOTHING
            RETURNING id
            """)
        let id: UUID
        if inserted.isEmpty {
            // The key was used before: that first list is the answer.
            guard
                let first = try await database.query(
                    """
                    SELECT id FROM bucketlists.lists WHERE owner_id = \(list.ownerID) AND idempotency_key = \(idempotencyKey)
                    """
                ).first
            else { throw RoamError.internal }
            id = try first.decode(UUID.self)
            try await database.checkReplay(of: "bucketlists.lists", id: id)
        } else {
            id = list.id
        }
        guard let stored = try await self.list(id) else { throw RoamError.internal }
        return stored
    }

    public func list(_ id: UUID) async throws -> BucketList? {
        try await database.query("SELECT \(unescaped: Self.listColumns) FROM bucketlists.lists l WHERE l.id = \(id)").first.map(Self.decodeList)
    }

    public func lists(of owner: UUID, visibilities: Set<Visibility>, page: PageRequest) async throws -> Page<BucketList> {
        let after = try TimedCursor.decode(page.cursor)
        let rows = try await database.query(
            """
            SELECT \(unescaped: Self.listColumns) FROM bucketlists.lists l
            WHERE l.owner_id = \(owner) AND l.visibility = ANY(\(visibilities.map(\.rawValue)))
              AND (\(after == nil) OR (l.created_at, l.id) < (\(after?.bound ?? Date()), \(after?.id ?? UUID())))
            ORDER BY l.created_at DESC, l.id DESC LIMIT \(page.size + 1)
            """
        ).map(Self.decodeList)
        return Page(fetched: rows, size: page.size) { TimedCursor(time: $0.createdAt, id: $0.id).token }
    }

    public func update(_ id: UUID, owner: UUID, details: ListDetails, at time: Date) async throws -> BucketList? {
        let updated = try await database.query(
            """
            UPDATE bucketlists.lists SET title = \(details.title), description = \(details.description), cover_media_id = \(details.coverMediaID),
                visibility = \(details.visibility.rawValue), updated_at = \(time)
            WHERE id = \(id) AND owner_id = \(owner) RETURNING id
            """)
        return updated.isEmpty ? nil : try await list(id)
    }

    public func delete(_ id: UUID, owner: UUID) async throws -> (list: BucketList, items: [Item])? {
        try await database.transaction { connection in
            let logger = CallContext.current.logger
            guard
                let list = try await connection.query(
                    """
                    SELECT \(unescaped: Self.listColumns) FROM bucketlists.lists l WHERE l.id = \(id) AND l.owner_id = \(owner) FOR UPDATE
                    """, logger: logger
                ).collect().first.map(Self.decodeList)
            else { return nil }
            let items = try await connection.query(
                """
                DELETE FROM bucketlists.items WHERE list_id = \(id) RETURNING \(unescaped: Self.itemColumns)
                """, logger: logger
            ).collect().map(Self.decodeItem)
            try await connection.query("DELETE FROM bucketlists.lists WHERE id = \(id)", logger: logger)
            return (list, items.sorted { $0.position < $1.position })
        }
    }

    // MARK: Items

    public func add(_ item: Item, idempotencyKey: String?) async throws -> Item? {
        try await database.transaction { connection in
            let logger = CallContext.current.logger
            guard try await Self.lockList(item.listID, owner: item.ownerID, on: connection) else { return nil }
            if let idempotencyKey,
                let first = try await connection.query(
                    """
                    SELECT \(unescaped: Self.itemColumns) FROM bucketlists.items WHERE owner_id = \(item.ownerID) AND idempotency_key = \(idempotencyKey)
                    """, logger: logger
                ).collect().first
            {
                let replayed = try Self.decodeItem(first)
                try await connection.checkReplay(of: "bucketlists.items", id: replayed.id, logger: logger)
                return replayed
            }
            let details = item.details, place = details.place
            let (activity, source): (UUID?, UUID?) =
                switch item.source {
                case .activity(let id): (id, nil)
                case .item(let id): (nil, id)
                case nil: (nil, nil)
                }
            return try await connection.query(
                """
                INSERT INTO bucketlists.items (id, list_id, owner_id, title, description, place, place_name, target_date, media_ids, position,
                                               completed_at, completion_note, completion_media_id, source_activity_id, source_item_id,
                                               created_at, updated_at, idempotency_key, idempotency_fingerprint)
                VALUES (\(item.id), \(item.listID), \(item.ownerID), \(details.title), \(details.description),
                        CASE WHEN \(place == nil) THEN NULL
                             ELSE ST_SetSRID(ST_MakePoint(\(place?.point.longitude ?? 0), \(place?.point.latitude ?? 0)), 4326)::geography END,
                        \(place?.name), \(details.targetDate?.description)::date, \(details.mediaIDs),
                        (SELECT count(*) FROM bucketlists.items WHERE list_id = \(item.listID)),
                        \(item.completion?.at), \(item.completion?.note), \(item.completion?.mediaID), \(activity), \(source),
                        \(item.createdAt), \(item.updatedAt), \(idempotencyKey), \(IdempotentRequest.fingerprint))
                RETURNING \(unescaped: Self.itemColumns)
                """, logger: logger
            ).collect().first.map(Self.decodeItem)
        }
    }

    public func item(_ id: UUID) async throws -> Item? {
        try await database.query("SELECT \(unescaped: Self.itemColumns) FROM bucketlists.items WHERE id = \(id)").first.map(Self.decodeItem)
    }

    public func items(in list: UUID, page: PageRequest) async throws -> Page<Item> {
        let after = try PositionCursor.decode(page.cursor)
        let rows = try await database.query(
            """
            SELECT \(unescaped: Self.itemColumns) FROM bucketlists.items
            WHERE list_id = \(list) AND (\(after == nil) OR (position, id) > (\(after?.position ?? 0), \(after?.id ?? UUID())))
            ORDER BY position, id LIMIT \(page.size + 1)
            """
        ).map(Self.decodeItem)
        return Page(fetched: rows, size: page.size) { PositionCursor(position: $0.position, id: $0.id).token }
    }

    public func update(item id: UUID, owner: UUID, details: ItemDetails, completion: Completion?, at time: Date) async throws -> Item? {
        let place = details.place
        return try await database.query(
            """
            UPDATE bucketlists.items SET title = \(details.title), description = \(details.description),
                place = CASE WHEN \(place == nil) THEN NULL
                             ELSE ST_SetSRID(ST_MakePoint(\(place?.point.longitude ?? 0), \(place?.point.latitude ?? 0)), 4326)::geography END,
                place_name = \(place?.name), target_date = \(details.targetDate?.description)::date, media_ids = \(details.mediaIDs),
                completed_at = \(completion?.at), completion_note = \(completion?.note), completion_media_id = \(completion?.mediaID),
                updated_at = \(time)
            WHERE id = \(id) AND owner_id = \(owner)
            RETURNING \(unescaped: Self.itemColumns)
            """
        ).first.map(Self.decodeItem)
    }

    public func move(item id: UUID, owner: UUID, to list: UUID, position: Int, at time: Date) async throws -> Item? {
        try await database.transaction { connection in
            let logger = CallContext.current.logger
            guard
                let current = try await connection.query(
                    """
                    SELECT \(unescaped: Self.itemColumns) FROM bucketlists.items WHERE id = \(id) AND owner_id = \(owner)
                    """, logger: logger
                ).collect().first.map(Self.decodeItem)
            else { return nil }
            // Both lists' rows, in one order, so two moves between the same lists cannot deadlock.
            for locked in Set([current.listID, list]).sorted(by: { $0.uuidString < $1.uuidString }) {
                guard try await Self.lockList(locked, owner: owner, on: connection) else { return nil }
            }
            // Read again under the locks: a concurrent move may have changed its place.
            guard
                let item = try await connection.query(
                    """
                    SELECT \(unescaped: Self.itemColumns) FROM bucketlists.items WHERE id = \(id)
                    """, logger: logger
                ).collect().first.map(Self.decodeItem)
            else { return nil }
            try await connection.query(
                """
                UPDATE bucketlists.items SET position = position - 1 WHERE list_id = \(item.listID) AND position > \(item.position)
                """, logger: logger)
            try await connection.query("UPDATE bucketlists.items SET position = -1 WHERE id = \(id)", logger: logger)
            let others =
                try await connection.query(
                    """
                    SELECT count(*) FROM bucketlists.items WHERE list_id = \(list) AND id <> \(id)
                    """, logger: logger
                ).collect().first?.decode(Int64.self) ?? 0
            let place = min(position, Int(others))
            try await connection.query(
                """
                UPDATE bucketlists.items SET position = position + 1 WHERE list_id = \(list) AND id <> \(id) AND position >= \(place)
                """, logger: logger)
            return try await connection.query(
                """
                UPDATE bucketlists.items SET list_id = \(list), position = \(place), updated_at = \(time) WHERE id = \(id)
                RETURNING \(unescaped: Self.itemColumns)
                """, logger: logger
            ).collect().first.map(Self.decodeItem)
        }
    }

    public func delete(item id: UUID, owner: UUID) async throws -> Item? {
        try await database.transaction { connection in
            let logger = CallContext.current.logger
            guard
                let listID = try await connection.query(
                    """
                    SELECT list_id FROM bucketlists.items WHERE id = \(id) AND owner_id = \(owner)
                    """, logger: logger
                ).collect().first?.decode(UUID.self),
                try await Self.lockList(listID, owner: owner, on: connection),
                let item = try await connection.query(
                    """
                    DELETE FROM bucketlists.items WHERE id = \(id) RETURNING \(unescaped: Self.itemColumns)
                    """, logger: logger
                ).collect().first.map(Self.decodeItem)
            else { return nil }
            try await connection.query(
                """
                UPDATE bucketlists.items SET position = position - 1 WHERE list_id = \(item.listID) AND position > \(item.position)
                """, logger: logger)
            return item
        }
    }

    public func completed(of owner: UUID, page: PageRequest) async throws -> Page<Item> {
        let after = try TimedCursor.decode(page.cursor)
        let rows = try await database.query(
            """
            SELECT \(unescaped: Self.itemColumns) FROM bucketlists.items
            WHERE owner_id = \(owner) AND completed_at IS NOT NULL
              AND (\(after == nil) OR (completed_at, id) < (\(after?.bound ?? Date()), \(after?.id ?? UUID())))
            ORDER BY completed_at DESC, id DESC LIMIT \(page.size + 1)
            """
        ).map(Self.decodeItem)
        return Page(fetched: rows, size: page.size) { TimedCursor(time: $0.completion!.at, id: $0.id).token }
    }

    public func counts(of owner: UUID, visibilities: Set<Visibility>, includingTakenDown: Bool) async throws -> ListCounts {
        guard
            let row = try await database.query(
                """
                SELECT count(DISTINCT l.id), count(i.id), count(i.completed_at)
                FROM bucketlists.lists l
                LEFT JOIN bucketlists.items i ON i.list_id = l.id AND (\(includingTakenDown) OR i.taken_down_at IS NULL)
                WHERE l.owner_id = \(owner) AND l.visibility = ANY(\(visibilities.map(\.rawValue)))
                  AND (\(includingTakenDown) OR l.taken_down_at IS NULL)
                """
            ).first
        else { return ListCounts() }
        let (lists, items, completed) = try row.decode((Int64, Int64, Int64).self)
        return ListCounts(lists: Int(lists), items: Int(items), completed: Int(completed))
    }

    public func setTakedown(ofList id: UUID, _ takedown: Takedown?) async throws -> BucketList? {
        try await database.query(
            """
            UPDATE bucketlists.lists l SET taken_down_at = \(takedown?.at), takedown_reason = \(takedown?.reason), taken_down_by = \(takedown?.by)
            WHERE l.id = \(id) RETURNING \(unescaped: Self.listColumns)
            """
        ).first.map(Self.decodeList)
    }

    public func setTakedown(ofItem id: UUID, _ takedown: Takedown?) async throws -> Item? {
        try await database.query(
            """
            UPDATE bucketlists.items SET taken_down_at = \(takedown?.at), takedown_reason = \(takedown?.reason), taken_down_by = \(takedown?.by)
            WHERE id = \(id) RETURNING \(unescaped: Self.itemColumns)
            """
        ).first.map(Self.decodeItem)
    }

    public func deleteAll(of owner: UUID) async throws -> (lists: [BucketList], items: [Item]) {
        try await database.transaction { connection in
            let logger = CallContext.current.logger
            let lists = try await connection.query(
                """
                SELECT \(unescaped: Self.listColumns) FROM bucketlists.lists l WHERE l.owner_id = \(owner) FOR UPDATE
                """, logger: logger
            ).collect().map(Self.decodeList)
            let items = try await connection.query(
                """
                DELETE FROM bucketlists.items WHERE owner_id = \(owner) RETURNING \(unescaped: Self.itemColumns)
                """, logger: logger
            ).collect().map(Self.decodeItem)
            try await connection.query("DELETE FROM bucketlists.lists WHERE owner_id = \(owner)", logger: logger)
            return (lists, items)
        }
    }

    /// Locks the owner's list for a write that changes positions; false when the owner has no such list.
    static func lockList(_ id: UUID, owner: UUID, on connection: TracedConnection) async throws -> Bool {
        try await !connection.query(
            """
            SELECT 1 FROM bucketlists.lists WHERE id = \(id) AND owner_id = \(owner) FOR UPDATE
            """, logger: CallContext.current.logger
        ).collect().isEmpty
    }
}
