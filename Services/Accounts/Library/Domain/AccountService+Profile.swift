import Foundation
import RoamCore

/// Reading and editing profiles, searching users.
extension AccountService {
    public func myProfile(_ caller: AuthenticatedUser) async throws -> ProfileView {
        guard let user = try await users.user(id: caller.id) else { throw AccountsError.userNotFound }
        return ProfileView(user: user, isOwner: true)
    }

    public func updateProfile(of caller: AuthenticatedUser, _ changes: ProfileChanges) async throws -> ProfileView {
        var changes = changes
        changes.displayName = changes.displayName?.trimmingWhitespace()
        changes.phone = changes.phone?.trimmingWhitespace()
        changes.givenName = changes.givenName?.trimmingWhitespace()
        changes.familyName = changes.familyName?.trimmingWhitespace()
        changes.language = changes.language?.trimmingWhitespace()
        var validation = Validation()
        if let language = changes.language { AccountRules.checkLanguage(language, into: &validation) }
        if let name = changes.displayName { AccountRules.checkDisplayName(name, into: &validation) }
        if let name = changes.givenName { AccountRules.checkPersonalName(name, "given_name", into: &validation) }
        if let name = changes.familyName { AccountRules.checkPersonalName(name, "family_name", into: &validation) }
        if let bio = changes.bio {
            validation.requireBody(bio, "bio", maxLength: AccountRules.bioLength.upperBound)
        }
        if let phone = changes.phone {
            let digits = phone.filter(\.isNumber)
            validation.require(
                phone.isEmpty || (phone.allSatisfy { $0.isNumber || "+ -()".contains($0) } && (6...15).contains(digits.count)),
                "phone", "must be a phone number such as +46 70 123 45 67")
        }
        try validation.check()
        // A new avatar is attached first (refused if not the caller's), the old one let go after.
        var previousAvatar: UUID?
        let subject = "avatar/\(caller.id.lowercasedString)"
        if let media, let avatar = changes.avatarMediaID {
            guard let current = try await users.user(id: caller.id) else { throw AccountsError.userNotFound }
            previousAvatar = current.profile.avatarMediaID
            if let avatar, avatar != previousAvatar { try await media.attach([avatar], to: subject, for: caller.id, field: "avatar_media_id") }
        }
        guard let user = try await users.updateProfile(userID: caller.id, changes) else { throw AccountsError.userNotFound }
        if let previousAvatar, previousAvatar != user.profile.avatarMediaID {
            try? await media?.detach([previousAvatar], from: subject, for: caller.id)
        }
        return ProfileView(user: user, isOwner: true)
    }

    /// A user's public profile; a user who blocked the viewer (or was blocked by them) is not found.
    public func profile(username: String, viewer: UUID?) async throws -> ProfileView {
        let user = try await visibleUser(username: username, viewer: viewer)
        return try await view(of: user, for: viewer)
    }

    public func searchUsers(query: String, page: PageRequest, viewer: UUID?) async throws -> Page<ProfileView> {
        let query = query.trimmingWhitespace().lowercased()
        // Three characters at least: one or two would page through every account.
        guard (3...50).contains(query.count) else { throw RoamError.invalidField("query", "must be 3 to 50 characters") }
        let found = try await users.search(prefix: query, page: page)
        var views: [ProfileView] = []
        for user in found.items {
            if let viewer, try await graph.eitherBlocks(viewer, user.id) { continue }
            views.append(try await view(of: user, for: viewer))
        }
        return Page(items: views, nextCursor: found.nextCursor)
    }

    func visibleUser(username: String, viewer: UUID?) async throws -> User {
        let username = AccountRules.folded(username: username)
        guard !username.isEmpty else { throw RoamError.invalidField("username", "is required") }
        guard let user = try await users.user(username: username) else { throw AccountsError.userNotFound }
        // A suspended account is hidden as if it did not exist, to everyone.
        if user.suspension(at: now()) != nil { throw AccountsError.userNotFound }
        if let viewer, viewer != user.id, try await graph.eitherBlocks(viewer, user.id) { throw AccountsError.userNotFound }
        return user
    }

    /// Profiles of up to 100 users by id, in the order asked, leaving out unknown users and users
    /// blocked either way with the viewer (services show who liked or joined something with it).
    public func profiles(ids: [UUID], viewer: UUID?) async throws -> [ProfileView] {
        guard ids.count <= 100 else { throw RoamError.invalidField("user_ids", "at most 100 at a time") }
        var hidden: Set<UUID> = []
        if let viewer { hidden = try await graph.blockedEitherWay(viewer) }
        let found = Dictionary(try await users.users(ids: Array(Set(ids))).map { ($0.id, $0) }) { first, _ in first }
        var views: [ProfileView] = []
        for id in ids where !hidden.contains(id) {
            guard let user = found[id] else { continue }
            views.append(try await view(of: user, for: viewer))
        }
        return views
    }

    func view(of user: User, for viewer: UUID?) async throws -> ProfileView {
        guard let viewer, viewer != user.id else { return ProfileView(user: user, isOwner: viewer == user.id) }
        return ProfileView(
            user: user,
            followedByViewer: try await graph.isFollowing(follower: viewer, followee: user.id),
            followsViewer: try await graph.isFollowing(follower: user.id, followee: viewer))
    }
}
