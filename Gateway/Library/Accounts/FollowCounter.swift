import GRPCCore
import RoamProto
import RoamRuntime

/// Accounts keeps the follow counts on the profile itself, so its part needs no further call.
struct FollowCounter: ProfileCounter {
    let name = "accounts"

    func counts(for profile: Roam_Accounts_V1_Profile) async throws -> [String: Int64] {
        ["followers": profile.followerCount, "following": profile.followingCount]
    }
}
