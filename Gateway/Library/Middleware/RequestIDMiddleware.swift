import Foundation
import HTTPTypes
import Hummingbird
import RoamRuntime

/// Gives every request an id (the client's `X-Request-ID` when it is sensible, else a new one), echoes
/// it on the response, puts it on every log line, and settles the client's address and body limit.
public struct RequestIDMiddleware: RouterMiddleware {
    public typealias Context = GatewayRequestContext

    let maxBodyBytes: Int
    let trustedProxies: TrustedProxies

    public func handle(
        _ request: Request, context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var context = context
        context.requestID = request.headers[.requestID].flatMap(Self.acceptable) ?? CallContext.newRequestID()
        context.maxBodyBytes = maxBodyBytes
        if trustedProxies != .none {
            context.clientAddress = trustedProxies.client(peer: context.clientAddress, forwardedFor: request.headers[values: .forwardedFor])
        }
        context.logger[metadataKey: "request_id"] = "\(context.requestID)"
        var response = try await next(request, context)
        response.headers[.requestID] = context.requestID
        return response
    }

    /// Ids from clients are kept when short and plain, so they can be logged and forwarded safely.
    static func acceptable(_ id: String) -> String? {
        guard (1...128).contains(id.utf8.count),
            id.utf8.allSatisfy({
                $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: ".")
                    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0)
                    || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0)
            })
        else { return nil }
        return id
    }
}

extension HTTPField.Name {
    static let requestID = Self("X-Request-ID")!
    static let forwardedFor = Self("X-Forwarded-For")!
    static let idempotencyKey = Self("Idempotency-Key")!
}
