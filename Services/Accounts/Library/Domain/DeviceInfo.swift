import Foundation

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
