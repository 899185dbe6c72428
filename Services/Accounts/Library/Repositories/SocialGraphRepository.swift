import Foundation
import RoamRuntime

/// Follows and blocks between users, with exact follower and following counts kept on the users.
public protocol SocialGraphRepository: Sendable {
    /// Returns false when `follower` already followed `followee`. A new follow queues `notice` with it.
    func follow(follower: UUID, followee: UUID, at time: Date, telling notice: Publication?) async throws -> Bool
    func unfollow(follower: UUID, followee: UUID) async throws -> Bool
    func isFollowing(follower: UUID, followee: UUID) async throws -> Bool
    /// The users following `userID`, newest follow first.
    func followers(of userID: UUID, page: PageRequest) async throws -> Page<User>
    /// The users `userID` follows, newest follow first.
    func following(of userID: UUID, page: PageRequest) async throws -> Page<User>
    /// Blocks and removes any follow between the two, both ways, in one step.
    func block(blocker: UUID, blocked: UUID, at time: Date) async throws
    /// False when there was no such block.
    func unblock(blocker: UUID, blocked: UUID) async throws -> Bool
    /// True when either user blocks the other.
    func eitherBlocks(_ a: UUID, _ b: UUID) async throws -> Bool
    func blocks(blocker: UUID, blocked: UUID) async throws -> Bool
    /// Everyone `userID` follows.
    func followingIDs(of userID: UUID) async throws -> Set<UUID>
    /// Everyone `userID` blocks or is blocked by.
    func blockedEitherWay(_ userID: UUID) async throws -> Set<UUID>
    /// The follows, unfollows, blocks and unblocks `userID` made since `time` (each an entry every
    /// replica fetches from the revocation feed).
    func relationChanges(by userID: UUID, since time: Date) async throws -> Int
}

extension SocialGraphRepository {
    /// A follow nobody is told of.
    public func follow(follower: UUID, followee: UUID, at time: Date) async throws -> Bool {
        try await follow(follower: follower, followee: followee, at: time, telling: nil)
    }
}
