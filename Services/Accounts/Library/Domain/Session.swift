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

public struct DeviceInfo: Sendable, Equatable {
    public var userAgent: String
    public var deviceName: String

    /// Both are shown back in the session list, so they are cut to length, and NUL characters (which
    /// PostgreSQL cannot store) are dropped rather than failing the sign-in.
    public init(userAgent: String = "", deviceName: String = "") {
        self.userAgent = String(Self.storable(userAgent).prefix(256))
        self.deviceName = String(Self.storable(deviceName).prefix(100))
    }

    static func storable(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.filter { $0 != "\u{0}" }))
    }
}

/// What presenting a refresh token turned out to be.
public enum RefreshOutcome: Sendable, Equatable {
    /// The token was current; it is now replaced by the new one.
    case rotated(Session)
    /// The token had already been rotated: someone else may hold it, so its session is now revoked.
    case reused(sessionID: UUID)
    /// Unknown, expired, or its session was revoked.
    case invalid
}
