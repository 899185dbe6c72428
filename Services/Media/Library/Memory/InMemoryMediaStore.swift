import Foundation
import RoamCore
import Synchronization

/// Media metadata in memory, for tests and `ROAM_IN_MEMORY`; behaves as `PostgresMediaStore` does.
public final class InMemoryMediaStore: MediaRepository {
    struct State {
        var items: [UUID: MediaItem] = [:]
        var subjects: [UUID: [String: Date]] = [:]
        var detachedAt: [UUID: Date] = [:]
        /// Owner and key → item (a removed item's key answers nothing, as the table's cascade does).
        var idempotencyKeys: [String: UUID] = [:]
        var uploads: [UUID: ResumableUpload] = [:]
        var segments: [UUID: [UploadSegment]] = [:]
    }

    let state = Mutex(State())

    public init() {}

    public func add(_ item: MediaItem) async throws -> (item: MediaItem, duplicate: Bool) {
        state.withLock { state in
            if let existing = state.items.values.first(where: { $0.ownerID == item.ownerID && $0.sha256 == item.sha256 }) {
                return (existing, true)
            }
            var stored = item
            stored.createdAt = TimedCursor(time: item.createdAt, id: item.id).time
            state.items[item.id] = stored
            return (stored, false)
        }
    }

    public func item(_ id: UUID) async throws -> MediaItem? {
        state.withLock { $0.items[id] }
    }

    public func item(owner: UUID, sha256: String) async throws -> MediaItem? {
        state.withLock { $0.items.values.first { $0.ownerID == owner && $0.sha256 == sha256 } }
    }

    public func item(owner: UUID, idempotencyKey: String) async throws -> MediaItem? {
        state.withLock { state in state.idempotencyKeys["\(owner)/\(idempotencyKey)"].flatMap { state.items[$0] } }
    }

    public func remember(idempotencyKey key: String, owner: UUID, item: UUID) async throws {
        state.withLock { state in
            let name = "\(owner)/\(key)"
            if state.idempotencyKeys[name].flatMap({ state.items[$0] }) == nil { state.idempotencyKeys[name] = item }
        }
    }

    public func existing(
        owner: UUID, checksums: [String], deviceAssetIDs: [String]
    ) async throws
        -> (checksums: Set<String>, deviceAssetIDs: Set<String>)
    {
        state.withLock { state in
            let mine = state.items.values.filter { $0.ownerID == owner }
            return (Set(checksums).intersection(mine.map(\.sha256)), Set(deviceAssetIDs).intersection(mine.compactMap(\.deviceAssetID)))
        }
    }

    public func media(of owner: UUID, matching query: MediaQuery, page: PageRequest) async throws -> Page<MediaItem> {
        let after = try TimedCursor.decode(page.cursor)
        let newestFirst = query.order == .newestFirst
        let rows = state.withLock { state in
            state.items.values.filter { item in
                item.ownerID == owner && query.matches(item, subjects: Set(state.subjects[item.id, default: [:]].keys))
            }
        }
        .map { (item: $0, cursor: TimedCursor(time: $0.sortTime, id: $0.id)) }
        .filter { row in after.map { newestFirst ? row.cursor < $0 : $0 < row.cursor } ?? true }
        .sorted { newestFirst ? $1.cursor < $0.cursor : $0.cursor < $1.cursor }
        return Page(fetched: Array(rows.prefix(page.size + 1)), size: page.size) { $0.cursor.token }.map(\.item)
    }

    public func days(of owner: UUID, from first: LocalDate, to last: LocalDate, in zone: TripZone) async throws -> [MediaDay] {
        let items = state.withLock { state in state.items.values.filter { $0.ownerID == owner && $0.inLibrary } }
        let byDay = Dictionary(
            grouping: items.compactMap { item in item.localDate(in: zone).map { (date: $0, item: item) } }
                .filter { first <= $0.date && $0.date <= last }, by: \.date)
        return byDay.map { date, taken in
            let cover = taken.map(\.item).min { TimedCursor(time: $0.sortTime, id: $0.id) < TimedCursor(time: $1.sortTime, id: $1.id) }!
            return MediaDay(date: date, count: taken.count, cover: cover)
        }.sorted { $0.date < $1.date }
    }

    public func nearest(
        of owner: UUID, to points: [String: GeoPoint], takenFrom first: LocalDate, to last: LocalDate, in zone: TripZone,
        within meters: Double
    ) async throws -> [String: NearbyMedia] {
        let placed = state.withLock { state in
            state.items.values.filter { item in
                item.ownerID == owner && item.inLibrary && item.position != nil && item.localDate(in: zone).map { first <= $0 && $0 <= last } ?? false
            }
        }
        return points.compactMapValues { point in
            placed.map { NearbyMedia(mediaID: $0.id, meters: point.distance(to: $0.position!)) }
                .filter { $0.meters <= meters }
                .min { ($0.meters, $0.mediaID.uuidString) < ($1.meters, $1.mediaID.uuidString) }
        }
    }

    public func update(_ id: UUID, owner: UUID, description: String?, tags: [String]?) async throws -> MediaItem? {
        state.withLock { state in
            guard var item = state.items[id], item.ownerID == owner else { return nil }
            if let description { item.description = description }
            if let tags { item.tags = tags }
            state.items[id] = item
            return item
        }
    }

    public func setInferredPositions(_ positions: [UUID: GeoPoint], owner: UUID) async throws -> [MediaItem] {
        state.withLock { state in
            var changed: [MediaItem] = []
            for (id, point) in positions {
                guard var item = state.items[id], item.ownerID == owner, !item.positionInferenceDeclined,
                    item.position == nil || item.positionInferred
                else { continue }
                item.position = point
                item.positionInferred = true
                state.items[id] = item
                changed.append(item)
            }
            return changed
        }
    }

    public func clearInferredPosition(_ id: UUID, owner: UUID) async throws -> MediaItem? {
        state.withLock { state in
            guard var item = state.items[id], item.ownerID == owner, !item.positionInferenceDeclined else { return nil }
            if item.positionInferred { item.position = nil }
            item.positionInferred = false
            item.positionInferenceDeclined = true
            state.items[id] = item
            return item
        }
    }

    public func setTakedown(ofItem id: UUID, _ takedown: Takedown?) async throws -> MediaItem? {
        state.withLock { state in
            state.items[id]?.takedown = takedown
            return state.items[id]
        }
    }

    public func remove(_ id: UUID, owner: UUID) async throws -> MediaItem? {
        state.withLock { state in
            guard let item = state.items[id], item.ownerID == owner else { return nil }
            state.items[id] = nil
            state.subjects[id] = nil
            return item
        }
    }

    public func attach(_ ids: [UUID], owner: UUID, to subject: String, at time: Date) async throws -> [UUID] {
        state.withLock { state in
            let refused = ids.filter { state.items[$0]?.ownerID != owner }
            guard refused.isEmpty else { return Array(Set(refused)).sorted { $0.uuidString < $1.uuidString } }
            for id in ids where state.subjects[id, default: [:]][subject] == nil { state.subjects[id, default: [:]][subject] = time }
            return []
        }
    }

    public func detach(_ ids: [UUID], owner: UUID, from subject: String, at time: Date) async throws {
        state.withLock { state in
            for id in ids where state.items[id]?.ownerID == owner && state.subjects[id]?[subject] != nil {
                state.subjects[id]?[subject] = nil
                if state.subjects[id]?.isEmpty ?? true { state.detachedAt[id] = time }
            }
        }
    }

    public func subjects(of id: UUID) async throws -> Set<String> {
        state.withLock { Set($0.subjects[id, default: [:]].keys) }
    }

    public func knownIDs(_ ids: [UUID]) async throws -> Set<UUID> {
        state.withLock { state in Set(ids.filter { state.items[$0] != nil }) }
    }

    public func bytesStored(by owner: UUID) async throws -> Int {
        state.withLock { $0.items.values.filter { $0.ownerID == owner }.reduce(0) { $0 + $1.sizeBytes } }
    }

    public func removeAll(of owner: UUID) async throws -> [MediaItem] {
        state.withLock { state in
            let removed = state.items.values.filter { $0.ownerID == owner }
            for item in removed {
                state.items[item.id] = nil
                state.subjects[item.id] = nil
            }
            return removed
        }
    }

    public func purge(subject: String) async throws -> [MediaItem] {
        state.withLock { state in
            var removed: [MediaItem] = []
            let gone = { (attached: String) in attached == subject || attached.hasPrefix(subject + "/") }
            for (id, subjects) in state.subjects where subjects.keys.contains(where: gone) {
                guard let item = state.items[id] else { continue }
                if item.inLibrary {
                    state.subjects[id] = subjects.filter { !gone($0.key) }
                } else {
                    removed.append(item)
                    state.items[id] = nil
                    state.subjects[id] = nil
                }
            }
            return removed
        }
    }

    public func removeUnattached(before cutoff: Date) async throws -> [MediaItem] {
        state.withLock { state in
            let removed = state.items.values.filter { item in
                !item.inLibrary && state.subjects[item.id, default: [:]].isEmpty && (state.detachedAt[item.id] ?? item.createdAt) < cutoff
            }
            for item in removed {
                state.items[item.id] = nil
                state.subjects[item.id] = nil
                state.detachedAt[item.id] = nil
            }
            return removed
        }
    }
}
