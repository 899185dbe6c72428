import Foundation

/// Where resumable uploads are kept: their progress, their segments and the bytes they reserve.
public protocol ResumableUploadRepository: Sendable {
    /// Adds `upload` when its length fits in what the owner has left of `quota` (bytes of items kept plus
    /// those reserved by their other uploads, decided one at a time per owner, so uploads started at once
    /// cannot pass it together) and, with `maxOpen`, they have fewer unfinished uploads than that. An
    /// upload of the owner's with the same idempotency key is the answer instead.
    func reserve(_ upload: ResumableUpload, quota: Int?, maxOpen: Int?, at time: Date) async throws -> UploadReservation
    /// The owner's upload; nil for another's or one that does not exist.
    func upload(_ id: UUID, owner: UUID) async throws -> ResumableUpload?
    /// Notes that an append from `offset` began at `time`, when the upload stands there (nil when it
    /// moved on, or is gone or stored).
    func beginAppend(to id: UUID, owner: UUID, from offset: Int, at time: Date) async throws -> ResumableUpload?
    /// Notes that the append under way ended without adding anything.
    func endAppend(to id: UUID) async throws
    /// Adds `segment` when the upload still stands at its offset (nil when it moved on, or is gone),
    /// ends the append under way, and pushes its expiry to `expiresAt`.
    func append(_ segment: UploadSegment, to id: UUID, owner: UUID, expiresAt: Date) async throws -> ResumableUpload?
    /// The upload's segments, in order.
    func segments(of id: UUID) async throws -> [UploadSegment]
    /// Notes the stored item (freeing the reservation: the item's bytes count from now on) and forgets the segments.
    func finish(_ id: UUID, owner: UUID, media: UUID, duplicate: Bool) async throws -> ResumableUpload?
    /// Removes the owner's upload; nil when there was none.
    func removeUpload(_ id: UUID, owner: UUID) async throws -> ResumableUpload?
    /// Removes the uploads that expired before `time`, and returns them.
    func removeExpired(before time: Date) async throws -> [ResumableUpload]
    /// Removes every upload of `owner` (an account deleted).
    func removeUploads(of owner: UUID) async throws
    /// Which of `ids` are uploads still kept, for the sweeper of segments nothing points to.
    func knownUploadIDs(_ ids: [UUID]) async throws -> Set<UUID>
}
