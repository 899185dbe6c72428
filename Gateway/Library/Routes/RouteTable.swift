import Foundation
import Hummingbird
import HummingbirdWebSocket
import OpenAPIHummingbird
import OpenAPIRuntime

/// The gateway's router, keeping a list of what it serves so a test can hold it against the OpenAPI
/// document. Every route is added here, never on the Hummingbird router directly.
public final class RouteTable: @unchecked Sendable {
    public struct Route: Hashable, Sendable, CustomStringConvertible {
        public var method: String
        /// In OpenAPI form: `/v1/users/{username}`.
        public var path: String

        public var description: String { "\(method) \(path)" }
    }

    public typealias Handler = @Sendable (Request, GatewayRequestContext) async throws -> Response

    let router: Router<GatewayRequestContext>
    public private(set) var routes: [Route] = []
    /// Pages for people (the console, the API reference): served here, outside the API's contract.
    public private(set) var pages: [Route] = []

    init(router: Router<GatewayRequestContext>) {
        self.router = router
    }

    func add(_ method: HTTPRequest.Method, _ path: String, _ handler: @escaping Handler) {
        routes.append(Route(method: method.rawValue, path: path))
        router.on(
            RouterPath(stringLiteral: path), method: method,
            use: { request, context in
                try await handler(request, context)
            })
    }

    /// A page for people, not an API operation: it is not held to the OpenAPI document.
    func addPage(_ method: HTTPRequest.Method, _ path: String, _ handler: @escaping Handler) {
        pages.append(Route(method: method.rawValue, path: path))
        router.on(
            RouterPath(stringLiteral: path), method: method,
            use: { request, context in
                try await handler(request, context)
            })
    }

    /// A `GET` that upgrades to a WebSocket when `shouldUpgrade` agrees (it may throw, for a plain
    /// HTTP error instead).
    func addWebSocket(
        _ path: String, shouldUpgrade: @escaping @Sendable (Request, GatewayRequestContext) async throws -> RouterShouldUpgrade,
        onUpgrade: @escaping WebSocketDataHandler<WebSocketRouterContext<GatewayRequestContext>>
    ) {
        routes.append(Route(method: "GET", path: path))
        router.ws(RouterPath(stringLiteral: path), shouldUpgrade: shouldUpgrade, onUpgrade: onUpgrade)
    }
}

/// The generated operations register here too, so the table lists every route.
extension RouteTable: ServerTransport {
    public func register(
        _ handler: @escaping @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?),
        method: HTTPRequest.Method, path: String
    ) throws {
        routes.append(Route(method: method.rawValue, path: path))
        router.register(handler, method: method, path: path)
    }
}

/// A JSON response; dates as the API writes them (`InternetDateTranscoder`).
func json(_ value: some Encodable, status: HTTPResponse.Status = .ok) throws -> Response {
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = InternetDateTranscoder.jsonStrategy
    var headers = HTTPFields()
    headers[.contentType] = "application/json; charset=utf-8"
    return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: try encoder.encode(value))))
}

func noContent() -> Response {
    Response(status: .noContent)
}
