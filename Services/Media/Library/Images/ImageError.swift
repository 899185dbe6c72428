/// Why an image could not be read or made into variants.
public enum ImageError: Error, Sendable, Equatable {
    /// Truncated, corrupt, or not the image its first bytes promised; libvips' reason.
    case unreadable(String)
    /// More pixels than the service decodes (a decompression bomb, or simply too large).
    case tooManyPixels(width: Int, height: Int, limit: Int)
}
