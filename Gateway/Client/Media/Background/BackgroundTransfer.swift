import Foundation

/// An upload or download handed to `BackgroundTransfers`, as its journal keeps it across launches: what
/// it is, where it stands, and how it ended. Finished ones stay listed until the app removes them, so
/// an app relaunched after they ended still learns the outcome.
public struct BackgroundTransfer: Codable, Hashable, Identifiable, Sendable {
    public typealias ID = String

    public enum Kind: Codable, Hashable, Sendable {
        /// A photo or video sent to the library (or as an attachment only) by the tus protocol.
        case upload(attachmentOnly: Bool)
        /// What a signed link points at, saved to `destination`.
        case download(link: URL, destination: URL)
    }

    public enum State: Codable, Hashable, Sendable {
        /// Under way: how many bytes the gateway acknowledged (an upload) or arrived (a download).
        case sending(completedBytes: Int64, totalBytes: Int64?)
        /// Stored as the item `mediaID`, its SHA-256 the file's.
        case uploaded(mediaID: String)
        /// Saved whole at the destination.
        case downloaded(URL)
        /// Given up: the gateway's status and reason when it refused, and why.
        case failed(status: Int?, reason: String?, detail: String)
    }

    public let id: ID
    public let kind: Kind
    public let createdAt: Date
    public internal(set) var state: State

    /// The account that asked: another signed in ends the transfer.
    let userID: String?
    /// An upload's size, and the bytes' SHA-256 (checked against the stored item's).
    let length: Int64
    let sha256: String?
    /// An upload's `Idempotency-Key`: a creation sent twice finds one upload.
    var key: String
    /// The tus upload, once created, and how many of its bytes the gateway acknowledged.
    var uploadID: String?
    var offset: Int64 = 0
    /// The item, once the last byte stored it (checked before the transfer counts as uploaded).
    var mediaID: String?
    /// The task in flight: a completion naming another step is one the transfer has moved past.
    var step: UUID?
    /// Failures since the last progress.
    var failures = 0

    /// Uploaded, downloaded or failed.
    public var isFinished: Bool {
        if case .sending = state { return false }
        return true
    }
}
