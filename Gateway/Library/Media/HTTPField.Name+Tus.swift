import HTTPTypes

/// The headers of the tus resumable upload protocol 1.0 (https://tus.io/protocols/resumable-upload).
extension HTTPField.Name {
    static let tusResumable = Self("Tus-Resumable")!
    static let tusVersion = Self("Tus-Version")!
    static let tusExtension = Self("Tus-Extension")!
    static let tusMaxSize = Self("Tus-Max-Size")!
    static let tusChecksumAlgorithm = Self("Tus-Checksum-Algorithm")!
    static let uploadOffset = Self("Upload-Offset")!
    static let uploadLength = Self("Upload-Length")!
    static let uploadDeferLength = Self("Upload-Defer-Length")!
    static let uploadMetadata = Self("Upload-Metadata")!
    static let uploadExpires = Self("Upload-Expires")!
    static let uploadChecksum = Self("Upload-Checksum")!
    /// Roam's own: the stored item, once the last byte is in.
    static let roamMediaID = Self("Roam-Media-Id")!
}
