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

    public init(id: UUID, userID: UUID, device: DeviceInfo, clientAddress: String, createdAt: Date, lastUsedAt: Date, expiresAt: Date) {
        self.id = id
        self.userID = userID
        self.device = device
        self.clientAddress = clientAddress
        self.createdAt = createdAt
        self.lastUsedAt = lastUsedAt
        self.expiresAt = expiresAt
    }
}
