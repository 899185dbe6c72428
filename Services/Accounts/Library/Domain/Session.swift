import Foundation

/// A signed-in device. Its refresh token rotates on every use; the session id stays.
public struct Session: Sendable, Equatable {
    public var id: UUID
    public var userID: UUID
    public var device: DeviceInfo
    public var clientAddress: String
    public var createdAt: Date
    public var lastUsedAt: Date
    public var expiresAt: Date
}
