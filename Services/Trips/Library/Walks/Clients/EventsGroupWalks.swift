import Foundation
import GRPCCore
import RoamProto
import RoamRuntime

/// Asks events' `ListGroupWalkHosts`, with the trips service's own credential, which group walks a user
/// belongs to that follow a walk.
public struct EventsGroupWalks<Transport: ClientTransport>: GroupWalkMembership {
    let upstream: Upstream<Transport>
    let credential: ServiceCredential

    public func hosts(ofGroupWalksFollowing walk: UUID, joinedBy user: UUID) async throws -> [UUID] {
        try await credential.acting {
            try await upstream.call(idempotent: true) { client, options in
                try await Roam_Events_V1_EventsService.Client(wrapping: client).listGroupWalkHosts(
                    .with {
                        $0.walkID = walk.lowercasedString
                        $0.memberID = user.lowercasedString
                    }, options: options)
            }.hostIds.compactMap { UUID(uuidString: $0) }
        }
    }
}
