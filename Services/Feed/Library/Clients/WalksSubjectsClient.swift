import Foundation
import GRPCCore
import RoamCore
import RoamProto
import RoamRuntime

/// Asks the trips service's `CheckWalk` with the feed's own service credential, with the caller's
/// deadline and request id.
public struct WalksSubjectsClient<Transport: ClientTransport>: ExternalSubjects {
    let upstream: Upstream<Transport>
    let credential: ServiceCredential

    public func owner(of subject: Subject, reader: UUID) async throws -> UUID? {
        guard subject.kind == .walk else { return nil }
        return try await credential.acting {
            let answer = try await upstream.call(idempotent: true) { client, options in
                try await Roam_Trips_V1_WalksService.Client(wrapping: client).checkWalk(
                    .with {
                        $0.walkID = subject.id.lowercasedString
                        $0.readerID = reader.lowercasedString
                    }, options: options)
            }
            return answer.visible ? UUID(uuidString: answer.ownerID) : nil
        }
    }
}
