import Foundation
import GRPCCore
import RoamProto
import RoamRuntime

/// A service that must forget an ended event (feed, media, …).
public protocol PurgeTarget: Sendable {
    var name: String { get }
    /// Idempotent; returns once the target has acknowledged.
    func purgeEvent(_ eventID: UUID) async throws
}

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
        var context = RequestContext(requestID: RequestContext.newRequestID(), logger: RequestContext.current.logger)
        context.bearerToken = try await credential.token()
        try await RequestContext.$current.withValue(context) {
            _ = try await upstream.call(idempotent: true) { client, options in
                try await Roam_Purge_V1_PurgeService.Client(wrapping: client)
                    .purgeEvent(.with { $0.eventID = eventID.uuidString.lowercased() }, options: options)
            }
        }
    }
}
