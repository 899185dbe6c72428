import Foundation
import GRPCCore
import RoamProto
import RoamRuntime

/// Asks trips' `CheckWalk`, with the events service's own credential, whether a user may see a walk.
public struct TripsWalkRoutes<Transport: ClientTransport>: WalkRoutes {
    let upstream: Upstream<Transport>
    let credential: ServiceCredential

    public func isVisible(_ walk: UUID, to user: UUID) async throws -> Bool {
        try await credential.acting {
            try await upstream.call(idempotent: true) { client, options in
                try await Roam_Trips_V1_WalksService.Client(wrapping: client).checkWalk(
                    .with {
                        $0.walkID = walk.lowercasedString
                        $0.readerID = user.lowercasedString
                    }, options: options)
            }.visible
        }
    }
}
