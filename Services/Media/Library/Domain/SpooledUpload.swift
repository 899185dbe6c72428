import Foundation

/// An upload received whole into a file on the service's disk, with what was learned on the way.
public struct SpooledUpload: Sendable {
    public var file: URL
    public var sizeBytes: Int
    /// SHA-256 of the bytes, lower-case hex.
    public var sha256: String
    /// The first bytes, for telling the type.
    public var head: [UInt8]
}
