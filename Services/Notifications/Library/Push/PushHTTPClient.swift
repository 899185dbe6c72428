import AsyncHTTPClient
import NIOCore
import NIOSSL
import RoamRuntime

/// The HTTP client both push services are reached with: HTTP/2 where the server offers it (APNs only
/// speaks HTTP/2), trusting the system's authorities or, with `PUSH_CA_PATH`, those of a PEM file (a
/// test server, a proxy of one's own).
enum PushHTTPClient {
    static func make(trustRoots: String?) throws(ConfigurationError) -> HTTPClient {
        var tls = TLSConfiguration.makeClientConfiguration()
        if let trustRoots {
            do {
                tls.trustRoots = .certificates(try NIOSSLCertificate.fromPEMFile(trustRoots))
            } catch {
                throw ConfigurationError(variable: "PUSH_CA_PATH", problem: "is not a PEM file of certificates: \(error)")
            }
        }
        var configuration = HTTPClient.Configuration(tlsConfiguration: tls)
        configuration.httpVersion = .automatic
        configuration.timeout = .init(connect: .seconds(10), read: .seconds(30))
        // A push whose connection fails fails at once and is retried by `PushDelivery` with its own
        // backoff: left to the pool, it waited out its deadline while the pool's backoff grew, and after
        // a 30 s outage no push went for minutes (measured in PushDeliveryTests).
        configuration.connectionPool.retryConnectionEstablishment = false
        return HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    }
}
