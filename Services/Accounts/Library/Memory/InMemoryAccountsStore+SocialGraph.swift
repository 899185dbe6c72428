import Foundation
import RoamRuntime

extension InMemoryAccountsStore: SocialGraphRepository {
    public func follow(follower: UUID, followee: UUID, at time: Date, telling notice: Publication?) -> Bool {
        let key = Follow(follower: follower, followee: followee)
        guard follows[key] == nil, users[follower] != nil, users[followee] != nil else { return false }
        follows[key] = time
        users[follower]?.followingCount += 1
        users[followee]?.followerCount += 1
        recordRevocation(user: follower, session: nil, relatedUser: followee)
        if let notice { publicationQueue.add([notice], at: time) }
        return true
    }

    public func unfollow(follower: UUID, followee: UUID) -> Bool {
        guard follows.removeValue(forKey: Follow(follower: follower, followee: followee)) != nil else { return false }
        users[follower]?.followingCount -= 1
        users[followee]?.followerCount -= 1
        recordRevocation(user: follower, session: nil, relatedUser: followee)
        return true
    }

    public func isFollowing(follower: UUID, followee: UUID) -> Bool {
        follows[Follow(follower: follower, followee: followee)] != nil
    }

    public func followers(of userID: UUID, page: PageRequest) throws -> Page<User> {
        try listing(page: page) { $0.followee == userID ? $0.follower : nil }
    }

    public func following(of userID: UUID, page: PageRequest) throws -> Page<User> {
        try listing(page: page) { $0.follower == userID ? $0.followee : nil }
    }

    public func block(blocker: UUID, blocked: UUID, at time: Date) {
        _ = unfollow(follower: blocker, followee: blocked)
        _ = unfollow(follower: blocked, followee: blocker)
        if blocks.insert(Follow(follower: blocker, followee: blocked)).inserted {
            recordRevocation(user: blocker, session: nil, relatedUser: blocked)
        }
    }

    public func unblock(blocker: UUID, blocked: UUID) -> Bool {
        guard blocks.remove(Follow(follower: blocker, followee: blocked)) != nil else { return false }
        recordRevocation(user: blocker, session: nil, relatedUser: blocked)
        return true
    }

    public func eitherBlocks(_ a: UUID, _ b: UUID) -> Bool {
        blocks.contains(Follow(follower: a, followee: b)) || blocks.contains(Follow(follower: b, followee: a))
    }

    public func relationChanges(by userID: UUID, since time: Date) -> Int {
        revocationLog.filter { $0.userID == userID && $0.relatedUserID != nil && $0.revokedAt > time }.count
    }

    public func blocks(blocker: UUID, blocked: UUID) -> Bool {
        blocks.contains(Follow(follower: blocker, followee: blocked))
    }

    public func followingIDs(of userID: UUID) -> Set<UUID> {
        Set(follows.keys.filter { $0.follower == userID }.map(\.followee))
    }

    public func blockedEitherWay(_ userID: UUID) -> Set<UUID> {
        Set(blocks.compactMap { $0.follower == userID ? $0.followee : $0.followee == userID ? $0.follower : nil })
    }

    /// Newest follow first, ties by user id; the cursor is the last (time, user id) returned.
    private func listing(page: PageRequest, other: (Follow) -> UUID?) throws(RoamError) -> Page<User> {
        let after = try page.cursor.map { token throws(RoamError) in try TimedCursor(token: token) }
        let entries = follows.compactMap { follow, time in other(follow).map { TimedCursor(time: time, id: $0) } }
            .sorted(by: >)
            .filter { after == nil || $0 < after! }
        let chosen = Array(entries.prefix(page.size))
        let next = entries.count > page.size ? chosen.last?.token : nil
        return Page(items: chosen.compactMap { users[$0.id] }, nextCursor: next)
    }
}
