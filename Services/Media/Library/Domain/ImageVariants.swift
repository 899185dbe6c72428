import Foundation

/// What is served instead of the original: a small WebP and a large JPEG, both without metadata.
public struct ImageVariants: Sendable {
    public var thumbnail: Data
    public var preview: Data
}
