import Foundation
import RoamCore

/// Changing one's username: any free name, at most once per `usernameChangeInterval`. The old name is
/// free for others at once and no longer finds this user.
extension AccountService {
    public func changeUsername(of caller: AuthenticatedUser, to requested: String) async throws -> ProfileView {
        let username = AccountRules.folded(username: requested)
        var validation = Validation()
        AccountRules.checkUsername(username, into: &validation)
        try validation.check()
        guard let user = try await users.user(id: caller.id) else { throw AccountsError.userNotFound }
        guard username != user.username else { return ProfileView(user: user, isOwner: true) }
        let time = now()
        let cutoff = time.adding(.zero - policy.usernameChangeInterval)
        if let changed = try await users.changeUsername(userID: user.id, to: username, at: time, ifUnchangedSince: cutoff) {
            return ProfileView(user: changed, isOwner: true)
        }
        // Refused for the interval (the repository decides, so two changes at once cannot both pass).
        let last = try await users.user(id: user.id)?.usernameChangedAt ?? time
        let allowedAt = last.adding(policy.usernameChangeInterval)
        throw RoamError(
            .failedPrecondition, reason: "USERNAME_CHANGED_RECENTLY",
            message: "the username was last changed at \(last.formatted(.iso8601)); it can change again from \(allowedAt.formatted(.iso8601))")
    }
}
