import Foundation

/// A read's answer as the gateway gave it, kept to answer the same read when the gateway cannot be
/// reached: its status, content type and body, whose account it was, and when it came.
public struct CachedAnswer: Codable, Hashable, Sendable {
    public let status: Int
    public let contentType: String?
    public let body: Data
    public let userID: String
    public let storedAt: Date
}
