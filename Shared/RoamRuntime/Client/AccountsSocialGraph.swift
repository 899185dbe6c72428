import Foundation
import GRPCCore
import RoamCore
import RoamProto
import RoamRuntime

/// Asks the accounts service's `GetRelations` with the feed's own service credential, with the
/// caller's deadline and request id.
public struct AccountsSocialGraph<Transport: ClientTransport>: SocialGraph {
    let upstream: Upstream<Transport>
    let credential: ServiceCredential

    public init(upstream: Upstream<Transport>, credential: ServiceCredential) {
        self.upstream = upstream
        self.credential = credential
    }

    public func relations(of user: UUID) async throws -> Relations {
        try await credential.acting {
            let answer = try await upstream.call(idempotent: true) { client, options in
                try await Roam_Accounts_V1_AccountsService.Client(wrapping: client).getRelations(
                    .with {
                        $0.userID = user.lowercasedString
                    }, options: options)
            }
            return Relations(
                following: Set(answer.followingIds.compactMap(UUID.init(uuidString:))),
                hidden: Set(answer.blockedIds.compactMap(UUID.init(uuidString:))))
        }
    }
}
