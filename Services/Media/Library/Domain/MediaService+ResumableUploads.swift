import Foundation
import RoamCore

/// Files sent in parts that survive a broken connection (the gateway speaks tus on them): each append
/// is kept as a segment in the blob store, so any replica can take the next one, and the item is stored
/// once the last byte is in.
extension MediaService {
    /// Starts an upload of `length` bytes, reserving them from the owner's quota. A retry with the same
    /// idempotency key answers the first upload, where it stands now.
    public func createUpload(length: Int, details: UploadDetails, metadata: String, owner: UUID) async throws -> ResumableUpload {
        var validation = Validation()
        validation.require(length > 0, "length", "must be more than 0")
        validation.require(metadata.utf8.count <= 4_096, "metadata", "must be at most 4,096 bytes")
        Self.validate(details, into: &validation)
        try validation.check()
        guard length <= policy.maxBytes else { throw MediaError.tooLarge(limit: policy.maxBytes) }
        let created = now()
        let upload = ResumableUpload(
            id: .v7(at: created), ownerID: owner, length: length, expiresAt: created.addingTimeInterval(policy.uploadExpiry.seconds),
            metadata: metadata, details: details, createdAt: created)
        switch try await repository.reserve(upload, quota: policy.quotaBytes, maxOpen: policy.maxOpenUploads, at: created) {
        case .created(let upload): return upload
        // A client that lost its connection (or was relaunched) and creates again: the offset it is
        // answered counts an append still landing, as a HEAD's would, so it does not resend those bytes.
        case .existing(let upload): return upload.mediaID == nil ? try await self.upload(upload.id, for: owner).upload : upload
        case .overQuota(let stored, let reserved): throw MediaError.quotaExceeded(limit: policy.quotaBytes ?? 0, stored: stored + reserved)
        case .tooManyOpen: throw MediaError.tooManyUploads(limit: policy.maxOpenUploads)
        }
    }

    /// How long a question about an upload waits for an append under way to land: after a broken
    /// connection the client asks at once, while the bytes that did arrive are still being kept.
    static let appendSettling = Duration.seconds(3)

    /// Where the owner's upload stands, with its item once stored (nil if the owner deleted it since).
    /// An append under way is waited for (up to `appendSettling`), so the offset answered counts its bytes.
    public func upload(_ id: UUID, for owner: UUID) async throws -> (upload: ResumableUpload, item: MediaItem?) {
        let deadline = ContinuousClock.now + Self.appendSettling
        while true {
            guard let upload = try await repository.upload(id, owner: owner) else { throw MediaError.uploadNotFound }
            if let media = upload.mediaID { return (upload, try await repository.item(media)) }
            guard upload.expiresAt > now() else { throw MediaError.uploadExpired(at: upload.expiresAt) }
            guard upload.appendingSince != nil, ContinuousClock.now < deadline else { return (upload, nil) }
            try await Task.sleep(for: .milliseconds(25))
        }
    }

    /// Appends `chunks` from `offset`, which must be where the upload stands. When the chunks stop with
    /// an error (the client went away) the bytes that arrived are kept all the same, unless a checksum
    /// was given: then they are kept only whole and matching. The last byte in stores the item.
    public func append<Chunks: AsyncSequence>(
        _ chunks: Chunks, to id: UUID, from offset: Int, checksum: UploadChecksum?, spool: UploadSpool, owner: UUID
    ) async throws -> (upload: ResumableUpload, item: MediaItem?) where Chunks.Element == Data {
        let (current, item) = try await self.upload(id, for: owner)
        guard offset == current.offset else { throw MediaError.offsetMismatch(expected: offset, stands: current.offset) }
        if current.isStored { return (current, item) }
        guard let upload = try await repository.beginAppend(to: id, owner: owner, from: offset, at: now()) else {
            throw MediaError.offsetMismatch(expected: offset, stands: try await self.upload(id, for: owner).upload.offset)
        }
        do {
            return try await append(chunks, to: upload, checksum: checksum, spool: spool)
        } catch {
            try? await repository.endAppend(to: id)
            throw error
        }
    }

    private func append<Chunks: AsyncSequence>(
        _ chunks: Chunks, to upload: ResumableUpload, checksum: UploadChecksum?, spool: UploadSpool
    ) async throws -> (upload: ResumableUpload, item: MediaItem?) where Chunks.Element == Data {
        let offset = upload.offset
        let file = try spool.begin(maxBytes: upload.length - offset)
        defer { file.discard() }
        var interruption: (any Error)?
        do {
            for try await chunk in chunks { try await file.append(chunk) }
        } catch let error as RoamError where error.reason == "MEDIA_TOO_LARGE" {
            throw MediaError.lengthExceeded(length: upload.length, offset: offset)
        } catch {
            interruption = error
        }
        let received = try file.finish()
        if let interruption, checksum != nil || received.sizeBytes == 0 { throw interruption }
        if let checksum, try !checksum.matches(fileAt: received.file) { throw MediaError.checksumMismatch }
        // Finished in a task of its own: a client that went away mid-append still has what arrived
        // acknowledged by the offset it reads next.
        return try await Task {
            if received.sizeBytes > 0 {
                let appended = try await self.keep(received, of: upload, from: offset)
                guard appended.isComplete else { return (appended, nil) }
                return try await self.complete(appended, spool: spool)
            }
            try await self.repository.endAppend(to: upload.id)
            // Every byte was in but storing the item failed for a while: an empty append tries again.
            guard upload.isComplete else { return (upload, nil) }
            return try await self.complete(upload, spool: spool)
        }.value
    }

    /// Removes the owner's upload and its bytes, freeing what it reserved.
    public func cancelUpload(_ id: UUID, owner: UUID) async throws {
        guard let removed = try await repository.removeUpload(id, owner: owner) else { throw MediaError.uploadNotFound }
        await deleteSegments(of: removed)
    }

    /// Removes the uploads that expired (unfinished, or stored a while ago) with their bytes.
    public func sweepExpiredUploads() async throws -> Int {
        let expired = try await repository.removeExpired(before: now())
        for upload in expired { await deleteSegments(of: upload) }
        return expired.count
    }

    static func validate(_ details: UploadDetails, into validation: inout Validation) {
        details.clientPosition?.validate("position", into: &validation)
        validation.require((details.deviceAssetID?.count ?? 0) <= 256, "deviceAssetId", "must be at most 256 characters")
        if let key = details.idempotencyKey {
            validation.require(key.count <= 200, "Idempotency-Key", "must be at most 200 characters")
            validation.requireStorable(key, "Idempotency-Key")
        }
    }

    /// Keeps the bytes as a segment, if the upload still stands where they start.
    private func keep(_ received: SpooledUpload, of upload: ResumableUpload, from offset: Int) async throws -> ResumableUpload {
        let segment = UploadSegment(offset: offset, size: received.sizeBytes, key: upload.segmentKey(at: offset))
        try await storage { try await blobs.put(segment.key, contentsOf: received.file) }
        let expiresAt = now().addingTimeInterval(policy.uploadExpiry.seconds)
        if let appended = try await repository.append(segment, to: upload.id, owner: upload.ownerID, expiresAt: expiresAt) { return appended }
        // Another append from the same offset got there first (or the upload was cancelled).
        try? await blobs.delete(segment.key)
        guard let current = try await repository.upload(upload.id, owner: upload.ownerID) else { throw MediaError.uploadNotFound }
        throw MediaError.offsetMismatch(expected: offset, stands: current.offset)
    }

    /// Puts the segments together and stores the item. A file that cannot be an item (not an image or a
    /// video, corrupt) ends the upload; a storage failure leaves it complete, for an empty append to retry.
    private func complete(_ upload: ResumableUpload, spool: UploadSpool) async throws -> (upload: ResumableUpload, item: MediaItem?) {
        let whole = try spool.begin(maxBytes: upload.length)
        defer { whole.discard() }
        for segment in try await repository.segments(of: upload.id) {
            let content = try await storage { try await blobs.read(segment.key) }
            try await storage { for try await chunk in content.chunks { try await whole.append(chunk) } }
        }
        let assembled = try whole.finish()
        guard assembled.sizeBytes == upload.length else { throw MediaError.storageUnavailable }
        let stored: (item: MediaItem, duplicate: Bool)
        do {
            stored = try await accept(assembled, from: upload.ownerID, details: upload.details, reservation: upload.id)
        } catch let error as RoamError where error.kind == .invalidArgument || error.kind == .failedPrecondition {
            if try await repository.removeUpload(upload.id, owner: upload.ownerID) != nil { await deleteSegments(of: upload) }
            throw error
        }
        let finished = try await repository.finish(upload.id, owner: upload.ownerID, media: stored.item.id, duplicate: stored.duplicate)
        await deleteSegments(of: upload)
        return (finished ?? upload, stored.item)
    }

    private func deleteSegments(of upload: ResumableUpload) async {
        guard let segments = try? await blobs.list(prefix: upload.segmentPrefix) else { return }
        for segment in segments { try? await blobs.delete(segment.key) }
    }
}
