import GRPCCore
import RoamProto
import RoamRuntime

/// The feed's part of a profile: how many stories the user has posted (stories are public).
struct StoryCounter<Transport: ClientTransport>: ProfileCounter {
    let name = "feed"
    let feed: FeedCaller<Transport>

    func counts(for profile: Roam_Accounts_V1_Profile) async throws -> [String: Int64] {
        let counted = try await feed.call(idempotent: true) { client, options in
            try await client.countStories(.with { $0.userID = profile.userID }, options: options)
        }
        return ["stories": counted.stories]
    }
}
