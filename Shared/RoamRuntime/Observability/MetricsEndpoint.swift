import Hummingbird
import Logging
import Prometheus

/// The Prometheus scrape listener every process runs beside its main port.
public enum MetricsEndpoint {
    public static func application(registry: PrometheusCollectorRegistry, address: HostAndPort, logger: Logger) -> some ApplicationProtocol {
        let router = Router()
        router.get("/metrics") { _, _ -> Response in
            var headers = HTTPFields()
            headers[.contentType] = "text/plain; version=0.0.4; charset=utf-8"
            return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: registry.emitToBuffer())))
        }
        return Application(router: router, configuration: .init(address: .hostname(address.host, port: address.port)), logger: logger)
    }
}
