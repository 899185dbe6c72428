import Foundation
import GRPCCore
import RoamProto
import RoamRuntime
import Synchronization

/// `ActorNames` from the accounts service's public profiles (`GetProfilesById`): the display name, else
/// the username. Names are kept a minute, so a burst of likes asks accounts once; when accounts is away
/// the push goes without names.
public final class AccountsActorNames<Transport: ClientTransport>: ActorNames {
    let upstream: Upstream<Transport>
    private let cache = Mutex<[UUID: (name: String, readAt: ContinuousClock.Instant)]>([:])
    static var timeToLive: Duration { .seconds(60) }
    static var cacheLimit: Int { 10_000 }

    public init(upstream: Upstream<Transport>) {
        self.upstream = upstream
    }

    public func names(of ids: [UUID]) async -> [UUID: String] {
        let now = ContinuousClock.now
        var names: [UUID: String] = [:]
        var missing: [UUID] = []
        cache.withLock { cache in
            for id in Set(ids) {
                if let kept = cache[id], now - kept.readAt < Self.timeToLive { names[id] = kept.name } else { missing.append(id) }
            }
        }
        guard !missing.isEmpty else { return names }
        let profiles = try? await upstream.call(idempotent: true) { client, options in
            try await Roam_Accounts_V1_AccountsService.Client(wrapping: client).getProfilesById(
                .with { $0.userIds = missing.map(\.lowercasedString) }, options: options
            ).profiles
        }
        cache.withLock { cache in
            if cache.count >= Self.cacheLimit { cache.removeAll() }
            for profile in profiles ?? [] {
                guard let id = UUID(uuidString: profile.userID) else { continue }
                let name = profile.displayName.isEmpty ? profile.username : profile.displayName
                names[id] = name
                cache[id] = (name, now)
            }
        }
        return names
    }
}
