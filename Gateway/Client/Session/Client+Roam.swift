import Foundation
import OpenAPIRuntime

#if canImport(Darwin)
import OpenAPIURLSession
#else
import AsyncHTTPClient
import OpenAPIAsyncHTTPClient
#endif

extension Client {
    /// A client of the Roam gateway at `url` (`http://localhost:8080` for `roam up`), on URLSession on
    /// Apple platforms and on async-http-client elsewhere (URLSession does not stream on Linux).
    /// - Parameters:
    ///   - url: the gateway.
    ///   - middlewares: run around every call, first to last (a session's token, logging).
    public init(roam url: URL, middlewares: [any ClientMiddleware] = []) {
        self.init(
            serverURL: url, configuration: Configuration(dateTranscoder: .iso8601WithFractionalSeconds), transport: Self.roamTransport,
            middlewares: middlewares)
    }

    /// The transport every Roam client shares (each kind keeps one pool of connections).
    static var roamTransport: any ClientTransport {
        #if canImport(Darwin)
        URLSessionTransport()
        #else
        AsyncHTTPClientTransport(configuration: .init(client: roamHTTPClient))
        #endif
    }
}

#if !canImport(Darwin)
/// The connections every Roam client shares on Linux. A connection that cannot be made fails its call at
/// once (async-http-client's default keeps the call waiting while it tries again, up to the call's
/// whole time limit): the session tries again itself, and an app offline must learn it in seconds to
/// keep its writes for later.
private let roamHTTPClient: HTTPClient = {
    var configuration = HTTPClient.Configuration()
    configuration.connectionPool.retryConnectionEstablishment = false
    configuration.timeout.connect = .seconds(10)
    return HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
}()
#endif
