import Hummingbird
import HummingbirdWebSocket
import Logging
import NIOCore
import RoamRuntime

/// What the gateway knows about one HTTP request: its id, the client's address, the verified caller
/// and the body size limit. Middlewares fill it in, in order.
public struct GatewayRequestContext: Hummingbird.RequestContext, WebSocketRequestContext {
    public var coreContext: CoreRequestContextStorage
    public let webSocket = WebSocketHandlerReference<Self>()
    public var requestID = ""
    /// The connection's peer, or the forwarded address when the gateway trusts its proxy.
    public var clientAddress: String
    public var user: AuthenticatedUser?
    public var bearerToken: String?
    public var maxBodyBytes = 1 << 20
    /// The route's operation in the document, found once (`OperationMiddleware`); nil for routes it does not describe.
    var operation: GatewayOpenAPI.Operation?
    /// The JSON body, read once (`InputCheckMiddleware`); nil for none, one that is not JSON, or one changed after.
    var jsonBody: RequestJSONBody?
    /// The client's connection, where a refused WebSocket upgrade's problem is sent.
    public let channel: any Channel

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        channel = source.channel
        clientAddress = Self.host(of: source.channel.remoteAddress)
    }

    public var maxUploadSize: Int { maxBodyBytes }

    /// The signed-in user, or 401.
    public func requireUser() throws(RoamError) -> AuthenticatedUser {
        guard let user else { throw RoamError.unauthenticated() }
        return user
    }

    /// The per-call context services see: the same request id, caller token and client address.
    var callContext: CallContext {
        CallContext(
            requestID: requestID, logger: logger, caller: user.map(Caller.user),
            bearerToken: bearerToken, clientAddress: clientAddress)
    }

    static func host(of address: SocketAddress?) -> String {
        guard let address else { return "unknown" }
        return address.ipAddress ?? "\(address)"
    }
}
