import Foundation
import GRPCCore
import Hummingbird
import RoamRuntime

/// `/healthz`, `/readyz` and `/openapi.json` (`/metrics`, and `/readyz` with every part's reason, are on a
/// port of their own: `Gateway.metricsEndpoint`). The public `/readyz` says only ready or not: which
/// service is down and why, or how many sessions are refused, is the operator's to know.
struct SystemRoutes<Transport: ClientTransport>: Sendable {
    let readiness: GatewayReadiness<Transport>

    func register(in table: RouteTable) {
        table.add(.get, "/healthz") { _, _ in
            try json(["status": "ok"])
        }
        table.add(.get, "/readyz") { _, _ in
            let report = await readiness.report()
            return try json(["status": report.status], status: report.status == "ready" ? .ok : .serviceUnavailable)
        }
        let document = GatewayOpenAPI.json
        table.add(.get, "/openapi.json") { _, _ in
            var headers = HTTPFields()
            headers[.contentType] = "application/json; charset=utf-8"
            return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: document)))
        }
    }
}
