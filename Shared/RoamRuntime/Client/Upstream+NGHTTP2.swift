import GRPCCore
import RoamHTTP2

extension Upstream where Transport == NGHTTP2ClientTransport {
    /// Plaintext HTTP/2 clients on nghttp2 for `addresses` (`host:port` each), one connection per address.
    public convenience init(
        name: String, nghttp2Addresses addresses: [HostAndPort], timeout: Duration,
        interceptors: [any ClientInterceptor] = [TracingClientInterceptor(), OutboundContextInterceptor()]
    ) {
        let replicas = addresses.map { address in
            GRPCClient(transport: NGHTTP2ClientTransport(host: address.host, port: address.port), interceptors: interceptors)
        }
        self.init(name: name, replicas: replicas, timeout: timeout)
    }
}
