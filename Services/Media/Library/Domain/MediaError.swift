import Foundation
import RoamCore

/// The media service's own failures, each with its stable reason.
public enum MediaError {
    public static let mediaNotFound = RoamError.notFound("media")

    public static func tooLarge(limit: Int) -> RoamError {
        RoamError(
            .invalidArgument, reason: "MEDIA_TOO_LARGE", message: "the file is larger than \(limit) bytes",
            violations: [.init(field: "file", description: "must be at most \(limit) bytes")])
    }

    public static func quotaExceeded(limit: Int, stored: Int) -> RoamError {
        RoamError(
            .failedPrecondition, reason: "QUOTA_EXCEEDED",
            message: "this upload would take your media past \(limit) bytes (you keep \(stored)); delete some first",
            violations: [.init(field: "file", description: "does not fit in the \(limit - stored) bytes left of your storage")])
    }

    public static let unsupportedType = RoamError(
        .invalidArgument, reason: "UNSUPPORTED_MEDIA_TYPE", message: "only JPEG, PNG, WebP, HEIC/HEIF images and MP4/QuickTime videos are accepted",
        violations: [.init(field: "file", description: "is not a JPEG, PNG, WebP, HEIC/HEIF, MP4 or QuickTime file")])

    public static func tooManyPixels(width: Int, height: Int, limit: Int) -> RoamError {
        RoamError(
            .failedPrecondition, reason: "TOO_MANY_PIXELS", message: "the image is \(width) × \(height); at most \(limit) pixels are accepted",
            violations: [.init(field: "file", description: "has more than \(limit) pixels")])
    }

    public static func unreadable(_ reason: String) -> RoamError {
        RoamError(
            .failedPrecondition, reason: "UNREADABLE_MEDIA", message: "the image cannot be read: \(reason)",
            violations: [.init(field: "file", description: "is truncated or corrupt")])
    }

    public static func rangeNotSatisfiable(size: Int) -> RoamError {
        RoamError(
            .failedPrecondition, reason: "RANGE_NOT_SATISFIABLE", message: "the range starts past the end; the whole is \(size) bytes",
            violations: [.init(field: "range", description: "must start before byte \(size)")])
    }

    public static func notYours(_ ids: [UUID]) -> RoamError {
        RoamError(
            .permissionDenied, reason: "MEDIA_NOT_YOURS",
            message: "only your own media can be attached: \(ids.map(\.lowercasedString).joined(separator: ", "))",
            violations: [.init(field: "mediaIds", description: "must all be yours")])
    }

    public static let uploadNotFound = RoamError.notFound("upload")

    public static func uploadExpired(at time: Date) -> RoamError {
        RoamError(
            .failedPrecondition, reason: "UPLOAD_EXPIRED",
            message: "the upload expired at \(RFC3339.string(from: time)) and its bytes are being removed; start it again")
    }

    public static func offsetMismatch(expected: Int, stands: Int) -> RoamError {
        RoamError(
            .aborted, reason: "UPLOAD_OFFSET_MISMATCH", message: "the upload stands at byte \(stands), not \(expected); resume from there",
            violations: [.init(field: "Upload-Offset", description: "must be \(stands)")])
    }

    public static func lengthExceeded(length: Int, offset: Int) -> RoamError {
        RoamError(
            .invalidArgument, reason: "UPLOAD_LENGTH_EXCEEDED",
            message: "the bytes go past the upload's length of \(length); at most \(length - offset) more fit",
            violations: [.init(field: "body", description: "must be at most \(length - offset) bytes")])
    }

    public static let checksumMismatch = RoamError(
        .invalidArgument, reason: "CHECKSUM_MISMATCH", message: "the bytes do not match their checksum; none of them were kept",
        violations: [.init(field: "Upload-Checksum", description: "does not match the bytes sent")])

    public static func tooManyUploads(limit: Int) -> RoamError {
        RoamError(
            .failedPrecondition, reason: "TOO_MANY_UPLOADS", message: "you have \(limit) unfinished uploads; finish or cancel one first")
    }

    public static let storageUnavailable = RoamError(
        .unavailable, reason: "STORAGE_UNAVAILABLE",
        message: "the media storage cannot be reached; try again shortly")
}
