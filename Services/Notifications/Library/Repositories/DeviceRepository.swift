import Foundation

/// The devices users registered for push.
public protocol DeviceRepository: Sendable {
    /// Registers `device`, or refreshes it when its user had it; a token another user had moves to this
    /// one. Beyond `limit` devices the user's least recently refreshed ones go.
    func put(_ device: Device, limit: Int) async throws -> (device: Device, created: Bool)
    /// Whether the user had the device.
    func delete(token: String, userID: UUID) async throws -> Bool
    /// The user's devices, most recently refreshed first.
    func devices(of userID: UUID) async throws -> [Device]
    /// Forgets a token whoever had it (the push service said it is no longer valid), and its pushes.
    func forget(token: String) async throws
}
