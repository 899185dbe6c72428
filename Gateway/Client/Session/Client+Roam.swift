import Foundation
import OpenAPIRuntime

#if canImport(Darwin)
import OpenAPIURLSession
#else
import OpenAPIAsyncHTTPClient
#endif

extension Client {
    /// A client of the Roam gateway at `url` (`http://localhost:8080` for `roam up`), on URLSession on
    /// Apple platforms and on async-http-client elsewhere (URLSession does not stream on Linux).
    /// - Parameter middlewares: run around every call, first to last (a session's token, logging).
    public init(roam url: URL, middlewares: [any ClientMiddleware] = []) {
        #if canImport(Darwin)
        let transport = URLSessionTransport()
        #else
        let transport = AsyncHTTPClientTransport()
        #endif
        self.init(
            serverURL: url, configuration: Configuration(dateTranscoder: .iso8601WithFractionalSeconds), transport: transport,
            middlewares: middlewares)
    }
}
