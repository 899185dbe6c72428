import GRPCCore
import GRPCProtobuf

/// Roam errors cross gRPC as a `google.rpc.Status` with an `ErrorInfo` carrying the reason, a
/// `BadRequest` with field violations and, for throttling, a `RetryInfo`.
extension RoamError: RPCErrorConvertible {
    public static let errorDomain = "roam.dev"

    public var rpcErrorCode: RPCError.Code { googleStatus.code }
    public var rpcErrorMessage: String { message }
    public var rpcErrorMetadata: Metadata { googleStatus.rpcErrorMetadata }

    var googleStatus: GoogleRPCStatus {
        var details: [ErrorDetails] = [
            .errorInfo(
                reason: reason, domain: Self.errorDomain,
                metadata: infoMetadata)
        ]
        if !violations.isEmpty {
            details.append(
                .badRequest(
                    violations: violations.map {
                        ErrorDetails.BadRequest.FieldViolation(field: $0.field, description: $0.description)
                    }))
        }
        if case .resourceExhausted(let retryAfter) = kind {
            details.append(.retryInfo(delay: retryAfter))
        }
        return GoogleRPCStatus(code: code, message: message, details: details)
    }

    private var infoMetadata: [String: String] {
        var metadata: [String: String] = [:]
        metadata["conflicting_id"] = conflictingID
        metadata["suspended_until"] = suspendedUntil.map(RFC3339.string(from:))
        return metadata
    }

    private var code: RPCError.Code {
        switch kind {
        case .invalidArgument: .invalidArgument
        case .unauthenticated: .unauthenticated
        case .permissionDenied: .permissionDenied
        case .notFound: .notFound
        case .alreadyExists: .alreadyExists
        case .failedPrecondition: .failedPrecondition
        case .resourceExhausted: .resourceExhausted
        case .aborted: .aborted
        case .unavailable: .unavailable
        case .deadlineExceeded: .deadlineExceeded
        case .internal: .internalError
        }
    }

    /// Reads a Roam error back out of an RPC error received from another service.
    public init(_ error: RPCError) {
        let status = try? error.unpackGoogleRPCStatus()
        let info = status?.details.lazy.compactMap(\.errorInfo).first
        let badRequest = status?.details.lazy.compactMap(\.badRequest).first
        let retry = status?.details.lazy.compactMap(\.retryInfo).first
        let kind: Kind =
            switch error.code {
            case .invalidArgument, .outOfRange: .invalidArgument
            case .unauthenticated: .unauthenticated
            case .permissionDenied: .permissionDenied
            case .notFound: .notFound
            case .alreadyExists: .alreadyExists
            case .failedPrecondition: .failedPrecondition
            case .resourceExhausted: .resourceExhausted(retryAfter: retry?.delay ?? .seconds(1))
            case .aborted: .aborted
            case .unavailable: .unavailable
            case .deadlineExceeded, .cancelled: .deadlineExceeded
            default: .internal
            }
        self.init(
            kind, reason: info?.reason ?? Self.reason(for: error.code),
            message: error.message,
            violations: badRequest?.violations.map { .init(field: $0.field, description: $0.violationDescription) } ?? [],
            conflictingID: info?.metadata["conflicting_id"],
            suspendedUntil: info?.metadata["suspended_until"].flatMap { RFC3339.date($0) })
    }

    /// A reason for a status that came without one, in the reasons' own spelling (`deadlineExceeded`
    /// → `DEADLINE_EXCEEDED`).
    static func reason(for code: RPCError.Code) -> String {
        String(describing: code).replacing(/([a-z])([A-Z])/) { "\($0.output.1)_\($0.output.2)" }.uppercased()
    }
}
