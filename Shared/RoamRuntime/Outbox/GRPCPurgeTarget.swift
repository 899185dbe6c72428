import Foundation
import GRPCCore
import RoamProto
import RoamRuntime

/// A target reached over gRPC with `roam.purge.v1.PurgeService`, called with a service credential.
public struct GRPCPurgeTarget<Transport: ClientTransport>: PurgeTarget {
    public let upstream: Upstream<Transport>
    let credential: ServiceCredential

    public init(upstream: Upstream<Transport>, credential: ServiceCredential) {
        self.upstream = upstream
        self.credential = credential
    }

    public var name: String { upstream.name }

    public func purgeEvent(_ eventID: UUID) async throws {
        try await call { client, options in
            _ = try await client.purgeEvent(.with { $0.eventID = eventID.lowercasedString }, options: options)
        }
    }

    public func purgeUser(_ userID: UUID) async throws {
        try await call { client, options in
            _ = try await client.purgeUser(.with { $0.userID = userID.lowercasedString }, options: options)
        }
    }

    public func purgeTrip(_ tripID: UUID) async throws {
        try await call { client, options in
            _ = try await client.purgeTrip(.with { $0.tripID = tripID.lowercasedString }, options: options)
        }
    }

    /// Calls with the service credential under a request id of its own (this is the service's own work).
    private func call(
        _ body: @escaping @Sendable (Roam_Purge_V1_PurgeService.Client<Transport>, CallOptions) async throws -> Void
    )
        async throws
    {
        try await credential.acting(in: CallContext(requestID: CallContext.newRequestID(), logger: CallContext.current.logger)) {
            try await upstream.call(idempotent: true) { client, options in
                try await body(Roam_Purge_V1_PurgeService.Client(wrapping: client), options)
            }
        }
    }
}
