import Foundation
import RoamCore

extension InMemoryBucketListStore: ActivityRepository {
    public func create(_ activity: Activity, idempotencyKey: String?) async throws -> Activity {
        try state.withLock { state throws(RoamError) in
            if let key = idempotencyKey.map({ "\(activity.authorID)/\($0)" }) {
                if let first = state.activityKeys[key], let stored = state.activities[first] {
                    try state.fingerprints.checkReplay("activity/\(key)")
                    return State.counted(stored, in: state)
                }
                state.activityKeys[key] = activity.id
                state.fingerprints.remember("activity/\(key)")
            }
            state.activities[activity.id] = activity
            state.ranks[activity.id] = TrendingRank.rank(VoteCounts(), createdAt: activity.createdAt)
            return State.counted(activity, in: state)
        }
    }

    public func activity(_ id: UUID) async throws -> Activity? {
        state.withLock { state in state.activities[id].map { State.counted($0, in: state) } }
    }

    public func setTakedown(ofActivity id: UUID, _ takedown: Takedown?) async throws -> Activity? {
        state.withLock { state in
            state.activities[id]?.takedown = takedown
            return state.activities[id].map { State.counted($0, in: state) }
        }
    }

    public func update(_ id: UUID, author: UUID, details: ActivityDetails, at time: Date) async throws -> Activity? {
        state.withLock { state in
            guard var activity = state.activities[id], activity.authorID == author else { return nil }
            activity.details = details
            activity.updatedAt = time
            state.activities[id] = activity
            return State.counted(activity, in: state)
        }
    }

    public func delete(_ id: UUID, author: UUID) async throws -> Activity? {
        state.withLock { state in
            guard let activity = state.activities[id], activity.authorID == author else { return nil }
            let counted = State.counted(activity, in: state)
            state.activities[id] = nil
            state.votes[id] = nil
            state.ranks[id] = nil
            state.forgetFavourites(of: [id])
            return counted
        }
    }

    public func vote(_ vote: Vote?, on id: UUID, by user: UUID) async throws -> (activity: Activity, previous: Vote?)? {
        state.withLock { state in
            guard let activity = state.activities[id] else { return nil }
            let previous = state.votes[id]?[user]
            state.votes[id, default: [:]][user] = vote
            state.voted.insert(id)
            return (State.counted(activity, in: state), previous)
        }
    }

    public func votes(by user: UUID, on ids: [UUID]) async throws -> [UUID: Vote] {
        state.withLock { state in
            Dictionary(uniqueKeysWithValues: ids.compactMap { id in state.votes[id]?[user].map { (id, $0) } })
        }
    }

    public func search(_ query: ActivityQuery, page: PageRequest) async throws -> Page<(activity: Activity, meters: Double?)> {
        let offset = try OffsetCursor.decode(page.cursor)
        let found = state.withLock { state in
            state.activities.values.filter(query.matches).map { activity in
                (activity: State.counted(activity, in: state), meters: query.area?.center.map { $0.distance(to: activity.details.place.point) })
            }
        }
        let sorted = found.sorted { a, b in
            let newer = (a.activity.createdAt, a.activity.id.uuidString) > (b.activity.createdAt, b.activity.id.uuidString)
            switch query.order {
            case .score: return a.activity.votes.score != b.activity.votes.score ? a.activity.votes.score > b.activity.votes.score : newer
            case .distance: return (a.meters ?? 0) != (b.meters ?? 0) ? (a.meters ?? 0) < (b.meters ?? 0) : newer
            case .newest: return newer
            }
        }
        let window = Array(sorted.dropFirst(offset).prefix(page.size + 1))
        return Page(
            items: Array(window.prefix(page.size)),
            nextCursor: window.count > page.size ? OffsetCursor.token(offset + page.size) : nil)
    }

    public func trending(
        near point: GeoPoint, within meters: Double, hiding hiddenAuthors: Set<UUID>, limit: Int
    ) async throws
        -> [(activity: Activity, meters: Double)]
    {
        state.withLock { state in
            state.activities.values.filter { !hiddenAuthors.contains($0.authorID) }.map {
                (activity: $0, meters: point.distance(to: $0.details.place.point))
            }
            .filter { $0.meters <= meters }
            .sorted { a, b in
                let (rankA, rankB) = (state.ranks[a.activity.id] ?? TrendingRank.unvoted, state.ranks[b.activity.id] ?? TrendingRank.unvoted)
                return rankA != rankB
                    ? rankA > rankB : (a.activity.createdAt, a.activity.id.uuidString) > (b.activity.createdAt, b.activity.id.uuidString)
            }
            .prefix(limit).map { (State.counted($0.activity, in: state), $0.meters) }
        }
    }

    public func rankVoted(limit: Int) async throws -> Int {
        state.withLock { state in
            let due = Array(state.voted.prefix(limit))
            for id in due {
                state.voted.remove(id)
                if let activity = state.activities[id] {
                    state.ranks[id] = TrendingRank.rank(State.counted(activity, in: state).votes, createdAt: activity.createdAt)
                }
            }
            return due.count
        }
    }

    public func deleteAll(of user: UUID) async throws -> [Activity] {
        state.withLock { state in
            let theirs = state.activities.values.filter { $0.authorID == user }
            for activity in theirs {
                state.activities[activity.id] = nil
                state.votes[activity.id] = nil
                state.ranks[activity.id] = nil
            }
            state.forgetFavourites(of: Set(theirs.map(\.id)))
            state.favourites[user] = nil
            for id in state.votes.keys where state.votes[id]?[user] != nil {
                state.votes[id]?[user] = nil
                state.voted.insert(id)
            }
            state.activityKeys = state.activityKeys.filter { !$0.key.hasPrefix("\(user)/") }
            return theirs
        }
    }
}

extension InMemoryBucketListStore.State {
    /// Deleted activities leave everyone's favourites, as PostgreSQL's foreign key takes them.
    mutating func forgetFavourites(of ids: Set<UUID>) {
        for user in favourites.keys { favourites[user] = favourites[user]?.filter { !ids.contains($0.key) } }
    }

    /// The activity with its votes and the lists holding a copy, as they are now.
    static func counted(_ activity: Activity, in state: Self) -> Activity {
        var counted = activity
        let votes = state.votes[activity.id]?.values ?? [:].values
        counted.votes = VoteCounts(up: votes.filter { $0 == .up }.count, down: votes.filter { $0 == .down }.count)
        counted.listCount = Set(state.items.values.filter { $0.source == .activity(activity.id) }.map(\.listID)).count
        return counted
    }
}
