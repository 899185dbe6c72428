import GRPCCore
import RoamProto
import RoamRuntime
import SwiftProtobuf

/// The revocation feed every verifier follows.
extension AccountsGRPCService {
    public func watchRevocations(
        request: Roam_Accounts_V1_WatchRevocationsRequest,
        response: RPCWriter<Roam_Accounts_V1_WatchRevocationsResponse>, context _: ServerContext
    ) async throws {
        guard let feed = revocations else { throw RoamError.unavailable }
        // gRPC tells of a follower going away through the cancellation handler, not by cancelling this task.
        let stream = Task {
            try await feed.follow(after: request.after) { revocations, position, suspended in
                try await response.write(
                    .with {
                        $0.relationChanges = revocations.compactMap { change in
                            change.relatedUserID.map { other in
                                .with {
                                    $0.position = change.position
                                    $0.userID = change.userID.lowercasedString
                                    $0.otherUserID = other.lowercasedString
                                    $0.changedAt = Google_Protobuf_Timestamp(date: change.revokedAt)
                                }
                            }
                        }
                        $0.revocations = revocations.filter(\.revokesTokens).map { revocation in
                            .with {
                                $0.position = revocation.position
                                $0.userID = revocation.userID.lowercasedString
                                if let session = revocation.sessionID { $0.sessionID = session.lowercasedString }
                                $0.revokedAt = Google_Protobuf_Timestamp(date: revocation.revokedAt)
                                $0.forgetAfter = Google_Protobuf_Timestamp(date: feed.forgetAfter(revocation.revokedAt))
                            }
                        }
                        $0.position = position
                        if let suspended {
                            $0.suspensionsListed = true
                            $0.suspendedAccounts = suspended.sorted { $0.key.uuidString < $1.key.uuidString }.map { user, until in
                                .with {
                                    $0.userID = user.lowercasedString
                                    if let until { $0.until = Google_Protobuf_Timestamp(date: until) }
                                }
                            }
                        }
                    })
            }
        }
        try await withRPCCancellationHandler {
            try await stream.value
        } onCancelRPC: {
            stream.cancel()
        }
    }
}
