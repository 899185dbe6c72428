import GRPCCore
import RoamAPI
import RoamProto
import RoamRuntime

/// A public profile with counts gathered from every service that keeps some about the user. The
/// profile itself must exist; the counts are gathered concurrently under one deadline, and a service
/// that fails or is slow leaves its counts out and says so in `parts`.
struct UserOverview<Transport: ClientTransport>: Sendable {
    let accounts: AccountsCaller<Transport>
    let counters: [any ProfileCounter]
    let timeout: Duration
    let links: MediaLinkMaker

    func overview(of username: String) async throws -> Components.Schemas.UserOverview {
        let profile = try await accounts.call(idempotent: true) { client, options in
            try await client.getProfile(.with { $0.username = username }, options: options)
        }.profile
        let results = await FanOut.gather(
            within: timeout,
            counters.map { counter in
                FanOut.Part(counter.name) { try await counter.counts(for: profile) }
            })
        // `followers` and `following` (accounts); `bucketLists`, `bucketItems` and `completedItems` (bucket lists).
        var counts: [String: Int64] = [:]
        var parts: [String: Components.Schemas.PartStatus] = [:]
        for (name, result) in results {
            parts[name] = Components.Schemas.PartStatus(PartStatus(result))
            if case .success(let partCounts) = result { counts.merge(partCounts) { first, _ in first } }
        }
        return .init(
            counts: .init(additionalProperties: counts), parts: .init(additionalProperties: parts),
            profile: .init(profile, links: links))
    }
}
