import GRPCCore

/// Checks the bearer token of every call and records the caller in the request context. Methods in
/// `anonymousMethods` may be called without a token (sign-up, log-in, public keys, …); a token that
/// is present must still be valid, so a stale one tells the client to refresh. Methods in
/// `serviceOnlyMethods` are refused to users, whatever their token.
public struct AuthInterceptor: ServerInterceptor {
    private let verifier: AccessTokenVerifier
    private let anonymousMethods: Set<MethodDescriptor>
    private let serviceOnlyMethods: Set<MethodDescriptor>

    public init(verifier: AccessTokenVerifier, anonymousMethods: Set<MethodDescriptor>, serviceOnlyMethods: Set<MethodDescriptor> = []) {
        self.verifier = verifier
        self.anonymousMethods = anonymousMethods
        self.serviceOnlyMethods = serviceOnlyMethods
    }

    public func intercept<Input: Sendable, Output: Sendable>(
        request: StreamingServerRequest<Input>,
        context: ServerContext,
        next: @Sendable (StreamingServerRequest<Input>, ServerContext) async throws -> StreamingServerResponse<Output>
    ) async throws -> StreamingServerResponse<Output> {
        var requestContext = CallContext.current
        if let header = request.metadata[stringValues: RoamMetadataKey.authorization].first(where: { _ in true }) {
            guard let token = Self.bearerToken(in: header) else {
                throw RoamError(.unauthenticated, reason: "INVALID_TOKEN", message: "expected \"authorization: Bearer <token>\"")
            }
            requestContext.caller = try await verifier.verify(token)
            requestContext.bearerToken = token
            if case .user(let user) = requestContext.caller {
                requestContext.logger[metadataKey: "user_id"] = "\(user.id.uuidString.lowercased())"
                Traces.recordUser(user.id.uuidString.lowercased())
            }
        } else if !anonymousMethods.contains(context.descriptor) {
            throw RoamError.unauthenticated()
        }
        if serviceOnlyMethods.contains(context.descriptor), !requestContext.isService {
            throw RoamError.permissionDenied("only services may call \(context.descriptor.method)")
        }
        var response = try await CallContext.$current.withValue(requestContext) {
            try await next(request, context)
        }
        // A streaming response writes after `next` returns; its producer needs the same context.
        if case .success(var contents) = response.accepted {
            let producer = contents.producer
            contents.producer = { [requestContext] writer in
                try await CallContext.$current.withValue(requestContext) { try await producer(writer) }
            }
            response.accepted = .success(contents)
        }
        return response
    }

    static func bearerToken(in header: String) -> String? {
        let parts = header.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bearer", !parts[1].isEmpty else { return nil }
        return String(parts[1])
    }
}
