import Foundation
import Hummingbird
import RoamRuntime

/// An RFC 9457 problem document: what every error response of the gateway looks like. `reason` is the
/// same stable code the services use; `errors` names each offending field.
public struct Problem: Codable, Sendable, Equatable {
    public struct FieldError: Codable, Sendable, Equatable {
        public var field: String
        public var description: String
    }

    public var type: String
    public var title: String
    public var status: Int
    public var detail: String
    public var reason: String
    public var requestId: String?
    public var errors: [FieldError]?
    /// Seconds to wait before trying again, for 429 and some 503s.
    public var retryAfter: Int?
    /// The id of what the request collides with (`PIN_TOO_CLOSE` names the pin).
    public var conflictingId: String?
    /// When an account's suspension ends (`ACCOUNT_SUSPENDED`); absent when it lasts until lifted.
    public var suspendedUntil: String?

    public static let contentType = "application/problem+json"

    public init(
        status: HTTPResponse.Status, reason: String, detail: String, errors: [FieldError] = [],
        retryAfter: Int? = nil
    ) {
        self.type = "https://roam.dev/problems/\(reason.lowercased().replacingOccurrences(of: "_", with: "-"))"
        self.title = status.reasonPhrase
        self.status = status.code
        self.detail = detail
        self.reason = reason
        self.errors = errors.isEmpty ? nil : errors
        self.retryAfter = retryAfter
    }

    /// The problem for a domain error, whether raised here or received from a service.
    public init(_ error: RoamError) {
        let status: HTTPResponse.Status
        var retryAfter: Int?
        switch error.kind {
        case .invalidArgument:
            status =
                switch error.reason {
                case "MEDIA_TOO_LARGE", "BODY_TOO_LARGE": .contentTooLarge
                case "UNSUPPORTED_MEDIA_TYPE": .unsupportedMediaType
                default: .badRequest
                }
        case .unauthenticated: status = .unauthorized
        case .permissionDenied: status = .forbidden
        case .notFound: status = .notFound
        case .alreadyExists, .aborted: status = .conflict
        // The request was well formed but its content is refused in this state: 422 when a field
        // is to blame, otherwise a conflict with the current state.
        case .failedPrecondition:
            status =
                error.reason == "RANGE_NOT_SATISFIABLE"
                ? .rangeNotSatisfiable
                : error.violations.isEmpty ? .conflict : .unprocessableContent
        case .resourceExhausted(let delay):
            status = .tooManyRequests
            retryAfter = max(1, Int(delay.seconds.rounded(.up)))
        case .unavailable:
            status = .serviceUnavailable
            // Services come back within seconds (a restart, the database returning): say when to try.
            retryAfter = 1
        case .deadlineExceeded: status = .gatewayTimeout
        case .internal: status = .internalServerError
        }
        self.init(
            status: status, reason: error.reason, detail: error.message,
            errors: error.violations.map { FieldError(field: $0.field, description: $0.description) },
            retryAfter: retryAfter)
        conflictingId = error.conflictingID
        suspendedUntil = error.suspendedUntil.map(RFC3339.string(from:))
    }

    public func response(requestID: String?) -> Response {
        let (headers, body) = encoded(requestID: requestID)
        return Response(
            status: HTTPResponse.Status(code: status), headers: headers,
            body: .init(byteBuffer: ByteBuffer(bytes: body)))
    }

    /// The headers and JSON body of the response.
    func encoded(requestID: String?) -> (HTTPFields, Data) {
        var problem = self
        problem.requestId = requestID
        var headers = HTTPFields()
        headers[.contentType] = Self.contentType
        if let retryAfter { headers[.retryAfter] = String(retryAfter) }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return (headers, (try? encoder.encode(problem)) ?? Data())
    }
}
