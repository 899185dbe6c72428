import Foundation
import RoamCore

/// The media library: accepts uploads (typed by their bytes, limited, read for EXIF, made into
/// variants, stored once per owner and checksum) and answers for them.
public struct MediaService: Sendable {
    let repository: any MediaRepository
    let blobs: any BlobStore
    let images: any ImageProcessing
    let policy: MediaPolicy
    /// Where originals are copied while their shared copy is made.
    let scratchDirectory: URL
    let now: @Sendable () -> Date

    public init(
        repository: any MediaRepository, blobs: any BlobStore, images: any ImageProcessing, policy: MediaPolicy,
        scratchDirectory: URL = FileManager.default.temporaryDirectory, now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.scratchDirectory = scratchDirectory
        self.repository = repository
        self.blobs = blobs
        self.images = images
        self.policy = policy
        self.now = now
    }

    /// Stores a spooled upload as `owner`'s. The same bytes again answer the existing item
    /// (`duplicate`), which also makes a retried upload safe. Nothing is kept of an upload that fails:
    /// blobs written before the failure are removed.
    public func accept(_ upload: SpooledUpload, from owner: UUID, details: UploadDetails) async throws -> (item: MediaItem, duplicate: Bool) {
        try await accept(upload, from: owner, details: details, reservation: nil)
    }

    /// `reservation`: the resumable upload whose reserved bytes these are; without one, the upload's
    /// size is reserved here, so uploads under way at once cannot pass the quota together.
    func accept(
        _ upload: SpooledUpload, from owner: UUID, details: UploadDetails, reservation: UUID?
    ) async throws -> (item: MediaItem, duplicate: Bool) {
        var validation = Validation()
        Self.validate(details, into: &validation)
        try validation.check()
        if let key = details.idempotencyKey, let first = try await repository.item(owner: owner, idempotencyKey: key) { return (first, true) }
        let accepted = try await store(upload, from: owner, details: details, reservation: reservation)
        if let key = details.idempotencyKey { try await repository.remember(idempotencyKey: key, owner: owner, item: accepted.item.id) }
        return accepted
    }

    private func store(
        _ upload: SpooledUpload, from owner: UUID, details: UploadDetails, reservation: UUID?
    ) async throws -> (item: MediaItem, duplicate: Bool) {
        guard upload.sizeBytes > 0 else { throw RoamError.invalidField("file", "is empty") }
        guard upload.sizeBytes <= policy.maxBytes else { throw MediaError.tooLarge(limit: policy.maxBytes) }
        guard let type = MediaType(sniffing: upload.head) else { throw MediaError.unsupportedType }
        if let existing = try await repository.item(owner: owner, sha256: upload.sha256) { return (existing, true) }
        if reservation != nil { return try await store(upload, of: type, from: owner, details: details) }
        let reserved = try await reserve(upload.sizeBytes, for: owner)
        do {
            let stored = try await store(upload, of: type, from: owner, details: details)
            if let reserved { _ = try? await repository.removeUpload(reserved, owner: owner) }
            return stored
        } catch {
            if let reserved { _ = try? await repository.removeUpload(reserved, owner: owner) }
            throw error
        }
    }

    /// Reserves `bytes` of the owner's quota while a whole upload is stored (nil when there is no quota);
    /// a process that dies holding it frees it an hour later, when it expires.
    private func reserve(_ bytes: Int, for owner: UUID) async throws -> UUID? {
        guard let quota = policy.quotaBytes else { return nil }
        let created = now()
        let reservation = ResumableUpload(
            id: .v7(at: created), ownerID: owner, length: bytes, offset: bytes, expiresAt: created.addingTimeInterval(3_600), createdAt: created)
        switch try await repository.reserve(reservation, quota: quota, maxOpen: nil, at: created) {
        case .created, .existing, .tooManyOpen: return reservation.id
        case .overQuota(let stored, let reserved): throw MediaError.quotaExceeded(limit: quota, stored: stored + reserved)
        }
    }

    private func store(
        _ upload: SpooledUpload, of type: MediaType, from owner: UUID, details: UploadDetails
    ) async throws -> (item: MediaItem, duplicate: Bool) {
        var facts: ImageFacts?
        var variants: ImageVariants?
        if !type.isVideo {
            facts = try await images.facts(ofFileAt: upload.file.path)
            variants = try await images.variants(ofFileAt: upload.file.path)
        }
        let created = now()
        let item = MediaItem(
            id: .v7(at: created), ownerID: owner, type: type, sizeBytes: upload.sizeBytes, sha256: upload.sha256,
            width: facts?.width, height: facts?.height, orientation: facts?.orientation,
            captureTime: facts?.captureTime ?? details.clientCaptureTime, position: facts?.position ?? details.clientPosition,
            cameraMake: facts?.cameraMake, cameraModel: facts?.cameraModel, deviceAssetID: details.deviceAssetID,
            description: "", tags: [], inLibrary: details.inLibrary, createdAt: created)
        let keys = MediaBlobKeys(owner: owner, media: item.id)
        do {
            try await blobs.put(keys.original, contentsOf: upload.file)
            if let variants {
                try await blobs.put(keys.thumbnail, bytes: variants.thumbnail)
                try await blobs.put(keys.preview, bytes: variants.preview)
            }
            let added = try await repository.add(item)
            // Another upload of the same bytes got there first: its blobs are the ones kept.
            if added.duplicate { await discard(keys) }
            return added
        } catch {
            await discard(keys)
            // What the store said is no business of the caller's, who may try again.
            if error is BlobError { throw MediaError.storageUnavailable }
            throw error
        }
    }

    private func discard(_ keys: MediaBlobKeys) async {
        for key in keys.all { try? await blobs.delete(key) }
    }
}
