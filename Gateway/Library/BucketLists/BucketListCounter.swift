import GRPCCore
import RoamProto
import RoamRuntime

/// Bucket lists' part of a profile: the user's lists, items and completed items, counting only what
/// the reader may see (all of them on one's own profile, public ones for someone signed out).
struct BucketListCounter<Transport: ClientTransport>: ProfileCounter {
    let name = "bucketlists"
    let bucketLists: BucketListsCaller<Transport>

    func counts(for profile: Roam_Accounts_V1_Profile) async throws -> [String: Int64] {
        let counts = try await bucketLists.call(idempotent: true) { client, options in
            try await client.getCounts(.with { $0.userID = profile.userID }, options: options)
        }
        return ["bucketLists": Int64(counts.lists), "bucketItems": Int64(counts.items), "completedItems": Int64(counts.completed)]
    }
}
