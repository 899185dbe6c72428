import Foundation
import GRPCCore
import RoamProto

/// `Publisher` over the notifications service's `Publish`, called with the service credential.
public struct GRPCPublisher<Transport: ClientTransport>: Publisher {
    let upstream: Upstream<Transport>
    let credential: ServiceCredential

    public init(upstream: Upstream<Transport>, credential: ServiceCredential) {
        self.upstream = upstream
        self.credential = credential
    }

    public func publish(_ publications: [Publication]) async throws {
        let request = Roam_Notifications_V1_PublishRequest.with { $0.publications = publications.map(\.proto) }
        do {
            try await credential.acting(in: CallContext(requestID: CallContext.newRequestID(), logger: CallContext.current.logger)) {
                _ = try await upstream.call(idempotent: true) { client, options in
                    try await Roam_Notifications_V1_NotificationsService.Client(wrapping: client).publish(request, options: options)
                }
            }
        } catch let error as RPCError {
            throw RoamError(error)
        }
    }
}

extension Publication {
    var proto: Roam_Notifications_V1_Publication {
        .with {
            $0.userID = userID.lowercasedString
            $0.kind = kind
            $0.key = key
            $0.data = data
            $0.threadID = threadID
            $0.at = .init(date: at)
            $0.timeZone = timeZone ?? ""
            $0.group = group ?? ""
        }
    }
}
