import Foundation
import GRPCCore
import RoamProto
import RoamRuntime

/// Asks the events service's `CheckMembership` with the feed's own service credential, with the
/// caller's deadline and request id.
public struct EventsMembershipClient<Transport: ClientTransport>: EventMembership {
    let upstream: Upstream<Transport>
    let credential: ServiceCredential

    public func status(of user: UUID, in event: UUID) async throws -> MembershipStatus {
        try await credential.acting {
            do {
                let answer = try await upstream.call(idempotent: true) { client, options in
                    try await Roam_Events_V1_EventsService.Client(wrapping: client).checkMembership(
                        .with {
                            $0.eventID = event.lowercasedString
                            $0.userID = user.lowercasedString
                        }, options: options)
                }
                return MembershipStatus(active: answer.active, isHost: answer.active && answer.role == .host)
            } catch let error as RPCError where error.code == .notFound {
                return .eventGone
            }
        }
    }
}
