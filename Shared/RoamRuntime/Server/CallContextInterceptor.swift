import Foundation
import GRPCCore
import Logging
import RoamHTTP2

/// The outermost interceptor: gives the call its request id, deadline and client address, logs its
/// outcome, and makes sure no error reaches the client as UNKNOWN or leaks internals.
public struct CallContextInterceptor: ServerInterceptor {
    private let logger: Logger

    public init(logger: Logger) {
        self.logger = logger
    }

    public func intercept<Input: Sendable, Output: Sendable>(
        request: StreamingServerRequest<Input>,
        context: ServerContext,
        next: @Sendable (StreamingServerRequest<Input>, ServerContext) async throws -> StreamingServerResponse<Output>
    ) async throws -> StreamingServerResponse<Output> {
        let requestID =
            request.metadata[stringValues: RoamMetadataKey.requestID].first(where: { _ in true })
            .flatMap { $0.count <= 128 ? $0 : nil } ?? CallContext.newRequestID()
        Traces.recordRequestID(requestID)
        var callLogger = logger
        callLogger[metadataKey: "request_id"] = "\(requestID)"
        callLogger[metadataKey: "rpc"] = "\(context.descriptor.fullyQualifiedMethod)"
        let deadline =
            (request.metadata[stringValues: GRPCTimeout.key].first(where: { _ in true })
            ?? request.metadata[stringValues: GRPCTimeout.enforcedKey].first(where: { _ in true }))
            .flatMap(GRPCTimeout.duration).map { ContinuousClock.now + $0 }
        let clientAddress =
            request.metadata[stringValues: RoamMetadataKey.clientAddress].first(where: { _ in true })
            ?? context.remotePeer
        let requestContext = CallContext(
            requestID: requestID, logger: callLogger, clientAddress: clientAddress,
            deadline: deadline)

        let relationsChanged = request.metadata[stringValues: RoamMetadataKey.relationsChangedAt].first(where: { _ in true })
            .flatMap(Int64.init).map { Date(timeIntervalSince1970: Double($0) / 1_000) }

        // At most a SHA-256 in base64url; anything longer is not the gateway's.
        let fingerprint = request.metadata[stringValues: RoamMetadataKey.requestFingerprint].first(where: { _ in true })
            .flatMap { $0.count <= 64 ? $0 : nil }

        return try await IdempotentRequest.$fingerprint.withValue(fingerprint) {
            try await RelationsChange.$at.withValue(relationsChanged) {
                try await CallContext.$current.withValue(requestContext) {
                    let started = ContinuousClock.now
                    do {
                        var response = try await next(request, context)
                        response.metadata.addString(requestID, forKey: RoamMetadataKey.requestID)
                        if case .failure(let error) = response.accepted {
                            log(error, after: ContinuousClock.now - started, logger: callLogger)
                        } else {
                            callLogger.debug("ok", metadata: ["duration_ms": "\(milliseconds(ContinuousClock.now - started))"])
                        }
                        return response
                    } catch {
                        let rpcError = ErrorMapping.rpcError(for: error, logger: callLogger)
                        log(rpcError, after: ContinuousClock.now - started, logger: callLogger)
                        throw rpcError
                    }
                }
            }
        }
    }

    private func log(_ error: RPCError, after duration: Duration, logger: Logger) {
        let metadata: Logger.Metadata = ["code": "\(error.code)", "duration_ms": "\(milliseconds(duration))"]
        switch error.code {
        case .internalError, .unknown, .dataLoss: logger.error("\(error.message)", metadata: metadata)
        default: logger.info("\(error.message)", metadata: metadata)
        }
    }

    private func milliseconds(_ duration: Duration) -> Int64 {
        duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
    }
}
