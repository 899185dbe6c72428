import GRPCCore
import Hummingbird
import Logging
import OpenAPIRuntime
import RoamRuntime

/// Turns every error a route throws into `application/problem+json`: domain errors keep their reason
/// and fields, errors from services are read back into domain errors, and anything unexpected becomes
/// a logged 500 that reveals nothing.
public struct ProblemMiddleware: RouterMiddleware {
    public typealias Context = GatewayRequestContext

    /// Where a refused WebSocket upgrade's problem is left for the connection to send.
    let refusals: RefusedUpgrades?

    public init(refusals: RefusedUpgrades? = nil) {
        self.refusals = refusals
    }

    public func handle(
        _ request: Request, context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        do {
            return try await next(request, context)
        } catch {
            let problem = Self.problem(for: error, logger: context.logger)
            if let refusals, request.isWebSocketUpgrade {
                let (headers, body) = problem.encoded(requestID: context.requestID)
                var withID = headers
                withID[.requestID] = context.requestID
                refusals.record(
                    status: HTTPResponse.Status(code: problem.status), headers: withID,
                    body: ByteBuffer(bytes: body), on: context.channel)
            }
            return problem.response(requestID: context.requestID)
        }
    }

    static func problem(for error: any Error, logger: Logger) -> Problem {
        switch error {
        case let error as RoamError:
            if case .internal = error.kind { logger.error("internal error", metadata: ["error": .describing(error)]) }
            return Problem(error)
        case let error as RPCError:
            let roamError = RoamError(error)
            if case .internal = roamError.kind {
                logger.error("a service failed", metadata: ["code": "\(error.code)", "error": "\(error.message)"])
                return Problem(RoamError.internal)
            }
            return Problem(roamError.withJSONFieldNames())
        case let error as ServerError:
            return problem(for: clientError(from: error), logger: logger)
        case let error as any HTTPResponseError:
            return problem(for: error.status, message: "\(error)")
        default:
            logger.error("unexpected error", metadata: ["error": .describing(error)])
            return Problem(RoamError.internal)
        }
    }

    /// What a generated operation failed with: the handler's own error, or the request the generated
    /// code could not decode, named as the client sent it. The runtime's own errors are internal to it
    /// and known only by their description.
    static func clientError(from error: ServerError) -> any Error {
        switch error.underlyingError {
        case let decoding as DecodingError:
            return RoamError(decoding: decoding)
        case is RoamError, is RPCError, is any HTTPResponseError, is CancellationError:
            return error.underlyingError
        default:
            break
        }
        let cause = error.causeDescription
        if cause.contains("Missing required request body") {
            return RoamError(.invalidArgument, reason: "MALFORMED_JSON", message: "a JSON body is required")
        }
        if cause.contains("Unexpected content type") {
            return HTTPError(.unsupportedMediaType)
        }
        for (marker, place) in [("Missing required query parameter named: ", "query"), ("Missing required path parameter named: ", "path")]
        where cause.contains(marker) {
            let name = cause.components(separatedBy: marker).last?.trimmingCharacters(in: .whitespacesAndNewlines) ?? place
            return RoamError.invalidField(name, "is required")
        }
        return RoamError(.invalidArgument, reason: "BAD_REQUEST", message: "the request does not fit the operation: \(cause)")
    }

    private static func problem(for status: HTTPResponse.Status, message: String) -> Problem {
        switch status {
        case .notFound: Problem(status: .notFound, reason: "ROUTE_NOT_FOUND", detail: "no such route")
        case .methodNotAllowed: Problem(status: .methodNotAllowed, reason: "METHOD_NOT_ALLOWED", detail: "this route does not accept that method")
        case .unsupportedMediaType:
            Problem(
                status: .unsupportedMediaType, reason: "UNSUPPORTED_MEDIA_TYPE",
                detail: "this operation does not accept a body of that Content-Type (its requestBody in /openapi.json lists those it does)")
        case .contentTooLarge:
            Problem(status: .contentTooLarge, reason: "BODY_TOO_LARGE", detail: "the request body is larger than the gateway accepts")
        default: Problem(status: status, reason: status.code < 500 ? "BAD_REQUEST" : "INTERNAL", detail: status.reasonPhrase)
        }
    }
}
