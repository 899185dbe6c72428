import RoamCore

/// The media service's own failures, each with its stable reason.
public enum MediaError {
    public static let mediaNotFound = RoamError.notFound("media")

    public static func tooLarge(limit: Int) -> RoamError {
        RoamError(.invalidArgument, reason: "MEDIA_TOO_LARGE", message: "the file is larger than \(limit) bytes",
                  violations: [.init(field: "file", description: "must be at most \(limit) bytes")])
    }

    public static let unsupportedType = RoamError(
        .invalidArgument, reason: "UNSUPPORTED_MEDIA_TYPE", message: "only JPEG, PNG, WebP, HEIC/HEIF images and MP4/QuickTime videos are accepted",
        violations: [.init(field: "file", description: "is not a JPEG, PNG, WebP, HEIC/HEIF, MP4 or QuickTime file")])

    public static func tooManyPixels(width: Int, height: Int, limit: Int) -> RoamError {
        RoamError(.failedPrecondition, reason: "TOO_MANY_PIXELS", message: "the image is \(width) × \(height); at most \(limit) pixels are accepted",
                  violations: [.init(field: "file", description: "has more than \(limit) pixels")])
    }

    public static func unreadable(_ reason: String) -> RoamError {
        RoamError(.failedPrecondition, reason: "UNREADABLE_MEDIA", message: "the image cannot be read: \(reason)",
                  violations: [.init(field: "file", description: "is truncated or corrupt")])
    }
}
