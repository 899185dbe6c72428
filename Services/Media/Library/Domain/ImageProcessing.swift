import Foundation

/// Reading images and making their variants, off the caller's thread; failures are `MediaError`s.
public protocol ImageProcessing: Sendable {
    /// Size, orientation and EXIF; refuses an image over the pixel limit before decoding it.
    func facts(ofFileAt path: String) async throws -> ImageFacts
    /// The thumbnail and the preview, upright and without metadata.
    func variants(ofFileAt path: String) async throws -> ImageVariants
    /// The full picture, upright, as a JPEG without metadata: the original others may see.
    func sharedCopy(ofFileAt path: String) async throws -> Data
}
