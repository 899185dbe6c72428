import Foundation
import Logging

/// Well-known metadata keys Roam processes exchange.
public enum RoamMetadataKey {
    public static let requestID = "x-request-id"
    public static let authorization = "authorization"
    /// Set by the gateway: the end user's address, for per-address throttling.
    public static let clientAddress = "x-roam-client-address"
    public static let userAgent = "x-roam-user-agent"
    /// When the calling user last changed their follows or blocks, in milliseconds since 1970 (`RelationsChange`).
    public static let relationsChangedAt = "x-roam-relations-changed-at"
    /// The digest of a request that carries an `Idempotency-Key` (`IdempotentRequest`).
    public static let requestFingerprint = "x-roam-request-fingerprint"
    /// A digest of the request's `Idempotency-Key` (`IdempotentRequest.keyDigest`, `InFlightKeys`).
    public static let idempotencyKeyDigest = "x-roam-idempotency-key"
}
