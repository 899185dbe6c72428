import Foundation
import GRPCCore
import Hummingbird
import RoamRuntime

/// `/healthz`, `/readyz` and `/openapi.json` (`/metrics` is on a port of its own: `MetricsEndpoint`).
struct SystemRoutes<Transport: ClientTransport>: Sendable {
    let upstreams: GatewayUpstreams<Transport>
    /// How this gateway follows the revocation feed, shown in `/readyz` (it never makes it not ready:
    /// while the feed is away the gateway keeps refusing what it knows).
    let revoked: RevokedSessions

    func register(in table: RouteTable) {
        table.add(.get, "/healthz") { _, _ in
            try json(["status": "ok"])
        }
        table.add(.get, "/readyz") { _, _ in
            let results = await upstreams.readiness(within: .seconds(2))
            var services: [String: PartStatus] = [:]
            var ready = true
            for (name, result) in results {
                switch result {
                case .success(nil): services[name] = PartStatus(status: "ok", reason: nil)
                case .success(let reason?):
                    ready = false
                    services[name] = PartStatus(status: "unavailable", reason: reason)
                case .failure(let error):
                    ready = false
                    services[name] = PartStatus(Result<Void, RoamError>.failure(error))
                }
            }
            services["revocations"] = Self.revocationsPart(revoked.status)
            return try json(
                ReadinessJSON(status: ready ? "ready" : "not ready", services: services),
                status: ready ? .ok : .serviceUnavailable)
        }
        let document = GatewayOpenAPI.json
        table.add(.get, "/openapi.json") { _, _ in
            var headers = HTTPFields()
            headers[.contentType] = "application/json; charset=utf-8"
            return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: document)))
        }
    }

    static func revocationsPart(_ status: RevokedSessions.Status) -> PartStatus {
        switch status.following {
        case .following:
            return PartStatus(status: "ok", reason: nil)
        case .starting:
            return PartStatus(status: "unavailable", reason: "REVOCATIONS_STARTING: not caught up with accounts' revocation feed yet")
        case .lost(let since, let reason):
            let seconds = Int(Date().timeIntervalSince(since))
            return PartStatus(
                status: "unavailable",
                reason: "REVOCATIONS_LOST: \(seconds) s ago (\(reason)); still refusing the "
                    + "\(status.refusing) sessions and accounts it knew, up to position \(status.position)")
        }
    }
}
