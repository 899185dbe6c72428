import Foundation
import Hummingbird
import Logging
import Prometheus

/// The Prometheus scrape listener every process runs beside its main port, for the operator only: the
/// gateway also answers `/readyz` there with every part's reason.
public enum MetricsEndpoint {
    /// What an operator's `/readyz` answers: ready or not, and the report as JSON.
    public typealias Readiness = @Sendable () async throws -> (ready: Bool, report: Data)

    public static func application(
        registry: PrometheusCollectorRegistry?, address: HostAndPort, logger: Logger, readiness: Readiness? = nil
    ) -> some ApplicationProtocol {
        let router = Router()
        if let registry {
            router.get("/metrics") { _, _ -> Response in
                ProcessMetrics.record()
                var headers = HTTPFields()
                headers[.contentType] = "text/plain; version=0.0.4; charset=utf-8"
                return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: registry.emitToBuffer())))
            }
        }
        if let readiness {
            router.get("/readyz") { _, _ -> Response in
                let (ready, report) = try await readiness()
                var headers = HTTPFields()
                headers[.contentType] = "application/json"
                return Response(
                    status: ready ? .ok : .serviceUnavailable, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: report)))
            }
        }
        return Application(router: router, configuration: .init(address: .hostname(address.host, port: address.port)), logger: logger)
    }
}
