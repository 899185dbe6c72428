import Foundation
import GRPCCore
import RoamProto
import RoamRuntime

/// A service that must forget ended events or deleted users (feed, media, …).
public protocol PurgeTarget: Sendable {
    var name: String { get }
    /// Idempotent; returns once the target has acknowledged.
    func purgeEvent(_ eventID: UUID) async throws
    /// Idempotent; returns once the target has acknowledged.
    func purgeUser(_ userID: UUID) async throws
    /// Idempotent; returns once the target has acknowledged.
    func purgeTrip(_ tripID: UUID) async throws
}
