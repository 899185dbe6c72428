import Foundation
import RoamCore

extension InMemoryBucketListStore {
    public func favourite(_ id: UUID, by user: UUID, at time: Date) async throws -> Bool? {
        state.withLock { state in
            guard state.activities[id] != nil else { return nil }
            guard state.favourites[user]?[id] == nil else { return false }
            state.favourites[user, default: [:]][id] = time
            return true
        }
    }

    public func unfavourite(_ id: UUID, by user: UUID) async throws -> Bool {
        state.withLock { state in state.favourites[user]?.removeValue(forKey: id) != nil }
    }

    public func favourites(by user: UUID, among ids: [UUID]) async throws -> Set<UUID> {
        state.withLock { state in Set(ids.filter { state.favourites[user]?[$0] != nil }) }
    }

    public func favouriteActivities(of user: UUID, hiding hiddenAuthors: Set<UUID>, page: PageRequest) async throws -> Page<Activity> {
        let offset = try OffsetCursor.decode(page.cursor)
        let marked = state.withLock { state in
            (state.favourites[user] ?? [:]).compactMap { id, time -> (Activity, Date)? in
                guard let activity = state.activities[id], !hiddenAuthors.contains(activity.authorID) else { return nil }
                return (State.counted(activity, in: state), time)
            }.sorted { ($0.1, $0.0.id.uuidString) > ($1.1, $1.0.id.uuidString) }.map(\.0)
        }
        let items = Array(marked.dropFirst(offset).prefix(page.size))
        return Page(items: items, nextCursor: offset + page.size < marked.count ? OffsetCursor.token(offset + page.size) : nil)
    }
}
