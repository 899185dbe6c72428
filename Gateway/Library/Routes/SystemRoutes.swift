import Foundation
import GRPCCore
import Hummingbird
import Prometheus
import RoamRuntime

/// `/healthz`, `/readyz`, `/metrics` and `/openapi.json`.
struct SystemRoutes<Transport: ClientTransport>: Sendable {
    let upstreams: GatewayUpstreams<Transport>
    let registry: PrometheusCollectorRegistry?

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
            return try json(ReadinessJSON(status: ready ? "ready" : "not ready", services: services),
                            status: ready ? .ok : .serviceUnavailable)
        }
        table.add(.get, "/metrics") { _, _ in
            var headers = HTTPFields()
            headers[.contentType] = "text/plain; version=0.0.4; charset=utf-8"
            let text = registry?.emitToBuffer() ?? []
            return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: text)))
        }
        let document = GatewayOpenAPI.json
        table.add(.get, "/openapi.json") { _, _ in
            var headers = HTTPFields()
            headers[.contentType] = "application/json; charset=utf-8"
            return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: document)))
        }
    }
}
