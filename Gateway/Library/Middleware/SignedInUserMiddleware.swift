import HTTPTypes
import OpenAPIRuntime
import RoamRuntime

/// Refuses, with 401, a call to an operation whose `security` in `Gateway/openapi.yaml` names
/// `bearerAuth` when no valid access token came with it: the one place the document's security applies.
struct SignedInUserMiddleware: ServerMiddleware {
    func intercept(_ request: HTTPRequest, body: HTTPBody?, metadata: ServerRequestMetadata, operationID: String,
                   next: @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?))
        async throws -> (HTTPResponse, HTTPBody?) {
        if GatewayOpenAPI.operationsRequiringUser.contains(operationID) {
            _ = try GatewayCall.current.requireUser()
        }
        return try await next(request, body, metadata)
    }
}
