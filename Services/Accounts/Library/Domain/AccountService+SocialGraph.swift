import Foundation
import RoamCore

/// Follows and blocks.
extension AccountService {
    /// Idempotent: following someone already followed succeeds.
    public func follow(_ caller: AuthenticatedUser, username: String) async throws {
        let target = try await visibleUser(username: username, viewer: caller.id)
        guard target.id != caller.id else { throw AccountsError.cannotFollowSelf }
        try await checkRelationChangeRate(of: caller.id)
        let time = now()
        // Keyed by the follower: following again after unfollowing is not news twice.
        let notice = Publication(
            userID: target.id, kind: "new_follower", key: "new_follower:\(caller.id.lowercasedString)",
            data: ["actorId": caller.id.lowercasedString], threadID: "followers", at: time)
        _ = try await graph.follow(follower: caller.id, followee: target.id, at: time, telling: notice)
    }

    /// Not following the user (or no such user) is not found, as a repeated delete is.
    public func unfollow(_ caller: AuthenticatedUser, username: String) async throws {
        try await checkRelationChangeRate(of: caller.id)
        guard let target = try await users.user(username: AccountRules.folded(username: username)),
            try await graph.unfollow(follower: caller.id, followee: target.id)
        else { throw RoamError.notFound("follow") }
    }

    public func followers(username: String, page: PageRequest, viewer: UUID?) async throws -> (Page<ProfileView>, total: Int) {
        let user = try await visibleUser(username: username, viewer: viewer)
        let found = try await graph.followers(of: user.id, page: page)
        return (try await views(found, for: viewer), user.followerCount)
    }

    public func following(username: String, page: PageRequest, viewer: UUID?) async throws -> (Page<ProfileView>, total: Int) {
        let user = try await visibleUser(username: username, viewer: viewer)
        let found = try await graph.following(of: user.id, page: page)
        return (try await views(found, for: viewer), user.followingCount)
    }

    /// Idempotent. Removes follows both ways.
    public func block(_ caller: AuthenticatedUser, username: String) async throws {
        guard let target = try await users.user(username: AccountRules.folded(username: username)) else {
            throw AccountsError.userNotFound
        }
        guard target.id != caller.id else { throw AccountsError.cannotFollowSelf }
        try await checkRelationChangeRate(of: caller.id)
        try await graph.block(blocker: caller.id, blocked: target.id, at: now())
    }

    /// Not blocking the user (or no such user) is not found, as a repeated delete is.
    public func unblock(_ caller: AuthenticatedUser, username: String) async throws {
        try await checkRelationChangeRate(of: caller.id)
        guard let target = try await users.user(username: AccountRules.folded(username: username)),
            try await graph.unblock(blocker: caller.id, blocked: target.id)
        else { throw RoamError.notFound("block") }
    }

    /// Refuses one more follow, unfollow, block or unblock past `relationChangesPerMinute`.
    func checkRelationChangeRate(of user: UUID) async throws {
        let made = try await graph.relationChanges(by: user, since: now().addingTimeInterval(-60))
        guard made < policy.relationChangesPerMinute else {
            throw RoamError(
                .resourceExhausted(retryAfter: .seconds(60)), reason: "TOO_MANY_RELATION_CHANGES",
                message: "too many follows, unfollows, blocks and unblocks this minute; try again in a minute")
        }
    }

    /// Other services ask this before showing one user's content to another; a user may only ask
    /// about themselves.
    public func eitherBlocks(_ a: UUID, _ b: UUID, caller: Caller) async throws -> Bool {
        switch caller {
        case .service: break
        case .user(let user) where user.id == a || user.id == b: break
        case .user: throw RoamError.permissionDenied("you may only ask about your own blocks")
        }
        return try await graph.eitherBlocks(a, b)
    }

    /// Who the user follows and who is blocked either way, for services that filter content; a user
    /// may only ask about themselves.
    public func relations(of user: UUID, caller: Caller) async throws -> (following: Set<UUID>, blocked: Set<UUID>) {
        switch caller {
        case .service: break
        case .user(let asking) where asking.id == user: break
        case .user: throw RoamError.permissionDenied("you may only ask about your own relations")
        }
        return (try await graph.followingIDs(of: user), try await graph.blockedEitherWay(user))
    }

    private func views(_ page: Page<User>, for viewer: UUID?) async throws -> Page<ProfileView> {
        var views: [ProfileView] = []
        for user in page.items { views.append(try await view(of: user, for: viewer)) }
        return Page(items: views, nextCursor: page.nextCursor)
    }
}
