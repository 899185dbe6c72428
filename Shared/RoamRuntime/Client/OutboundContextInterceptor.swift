import Foundation
import GRPCCore
import RoamHTTP2

/// Carries the incoming call's request id, the caller's token, the end user's address, when they last
/// changed their relations and the fingerprint of a request with an idempotency key onto every outbound
/// call, so the next service logs the same id and acts for the same user as they now are; and the
/// call's time limit from `Upstream` as `grpc-timeout`, for the server to keep.
public struct OutboundContextInterceptor: ClientInterceptor {
    public init() {}

    public func intercept<Input: Sendable, Output: Sendable>(
        request: StreamingClientRequest<Input>,
        context: ClientContext,
        next: (StreamingClientRequest<Input>, ClientContext) async throws -> StreamingClientResponse<Output>
    ) async throws -> StreamingClientResponse<Output> {
        var request = request
        let current = CallContext.current
        if !request.metadata.contains(RoamMetadataKey.requestID) {
            request.metadata.addString(current.requestID, forKey: RoamMetadataKey.requestID)
        }
        if !request.metadata.contains(RoamMetadataKey.authorization), let token = current.bearerToken {
            request.metadata.addString("Bearer \(token)", forKey: RoamMetadataKey.authorization)
        }
        if !request.metadata.contains(RoamMetadataKey.clientAddress), let address = current.clientAddress {
            request.metadata.addString(address, forKey: RoamMetadataKey.clientAddress)
        }
        if !request.metadata.contains(RoamMetadataKey.relationsChangedAt), let changed = RelationsChange.at {
            request.metadata.addString(String(Int64((changed.timeIntervalSince1970 * 1_000).rounded())), forKey: RoamMetadataKey.relationsChangedAt)
        }
        if !request.metadata.contains(RoamMetadataKey.requestFingerprint), let fingerprint = IdempotentRequest.fingerprint {
            request.metadata.addString(fingerprint, forKey: RoamMetadataKey.requestFingerprint)
        }
        if !request.metadata.contains(RoamMetadataKey.idempotencyKeyDigest), let digest = IdempotentRequest.keyDigest {
            request.metadata.addString(digest, forKey: RoamMetadataKey.idempotencyKeyDigest)
        }
        if !request.metadata.contains(GRPCTimeout.key), let deadline = UpstreamDeadline.current {
            request.metadata.addString(GRPCTimeout.value(deadline - .now), forKey: GRPCTimeout.key)
        }
        return try await next(request, context)
    }
}

extension Metadata {
    func contains(_ key: String) -> Bool {
        self[key].first(where: { _ in true }) != nil
    }
}
