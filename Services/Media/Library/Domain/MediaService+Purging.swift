import Foundation
import RoamCore

/// Forgetting media when what it belonged to is gone, and removing blobs nothing points to.
extension MediaService {
    /// An account was deleted: every item of the user goes, and every blob under their name, also ones
    /// an interrupted upload left behind. Idempotent.
    public func purgeUser(_ user: UUID) async throws -> Int {
        let removed = try await repository.removeAll(of: user)
        try await repository.removeUploads(of: user)
        let owner = user.lowercasedString
        try await storage {
            for prefix in MediaBlobKeys.prefixes + [MediaBlobKeys.uploadsPrefix] {
                for blob in try await blobs.list(prefix: "\(prefix)\(owner)/") { try await blobs.delete(blob.key) }
            }
        }
        return removed.count
    }

    /// An event ended: media uploaded only for it (its banner, its posts' pictures) goes with it; pictures
    /// that are also in their owner's library stay there, detached. Idempotent.
    public func purgeEvent(_ event: UUID) async throws -> Int {
        let removed = try await repository.purge(subject: "event/\(event.lowercasedString)")
        try await deleteBlobs(of: removed)
        return removed.count
    }

    /// A trip was deleted: media uploaded only for it (a journal entry's photo) goes with it; the
    /// owner's library keeps its photos, detached from the trip's pins and entries. Idempotent.
    public func purgeTrip(_ trip: UUID) async throws -> Int {
        let removed = try await repository.purge(subject: "trip/\(trip.lowercasedString)")
        try await deleteBlobs(of: removed)
        return removed.count
    }

    /// Removes blobs written more than `grace` ago that no item points to (an upload that died between
    /// writing its blobs and its row), and says how many went. Newer ones may belong to an upload still
    /// under way.
    public func sweepOrphanBlobs(olderThan grace: Duration) async throws -> Int {
        let cutoff = now().addingTimeInterval(-grace.seconds)
        var candidates: [(blob: BlobListing, media: UUID)] = []
        for prefix in MediaBlobKeys.prefixes {
            for blob in try await storage({ try await blobs.list(prefix: prefix) }) where blob.writtenAt < cutoff {
                // `originals/<owner>/<media>`, `thumbnails/<owner>/<media>.webp`: the media id is the last part.
                guard let name = blob.key.value.split(separator: "/").last,
                    let media = UUID(uuidString: String(name.split(separator: ".").first ?? ""))
                else { continue }
                candidates.append((blob, media))
            }
        }
        let known = try await repository.knownIDs(Array(Set(candidates.map(\.media))))
        var removed = 0
        for candidate in candidates where !known.contains(candidate.media) {
            try await storage { try await blobs.delete(candidate.blob.key) }
            removed += 1
        }
        return removed + (try await sweepOrphanSegments(before: cutoff))
    }

    /// Segments of uploads that are gone (a process died between writing one and noting it, or between
    /// removing an upload and its segments): `uploads/<owner>/<upload>/<offset>-<random>`.
    private func sweepOrphanSegments(before cutoff: Date) async throws -> Int {
        var candidates: [(blob: BlobListing, upload: UUID)] = []
        for blob in try await storage({ try await blobs.list(prefix: MediaBlobKeys.uploadsPrefix) }) where blob.writtenAt < cutoff {
            let parts = blob.key.value.split(separator: "/")
            guard parts.count == 4, let upload = UUID(uuidString: String(parts[2])) else { continue }
            candidates.append((blob, upload))
        }
        let known = try await repository.knownUploadIDs(Array(Set(candidates.map(\.upload))))
        var removed = 0
        for candidate in candidates where !known.contains(candidate.upload) {
            try await storage { try await blobs.delete(candidate.blob.key) }
            removed += 1
        }
        return removed
    }

    /// Removes items uploaded only for a subject that have had none for `grace` (the post was deleted,
    /// or never made), with their blobs, and says how many went.
    public func sweepUnattached(olderThan grace: Duration) async throws -> Int {
        let removed = try await repository.removeUnattached(before: now().addingTimeInterval(-grace.seconds))
        try await deleteBlobs(of: removed)
        return removed.count
    }

    private func deleteBlobs(of items: [MediaItem]) async throws {
        try await storage {
            for item in items {
                for key in MediaBlobKeys(owner: item.ownerID, media: item.id).all { try await blobs.delete(key) }
            }
        }
    }

    /// Blob store work, its failures answered as `STORAGE_UNAVAILABLE` (the caller may retry) rather
    /// than as an internal error.
    func storage<Result>(_ work: () async throws -> Result) async throws -> Result {
        do {
            return try await work()
        } catch is BlobError {
            throw MediaError.storageUnavailable
        }
    }
}
