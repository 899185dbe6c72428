import Foundation
import RoamCore

/// Resumable uploads in memory, as `PostgresMediaStore+ResumableUploads` keeps them.
extension InMemoryMediaStore {
    public func reserve(_ upload: ResumableUpload, quota: Int?, maxOpen: Int?, at time: Date) async throws -> UploadReservation {
        state.withLock { state in
            let owner = upload.ownerID
            if let key = upload.details.idempotencyKey,
                let existing = state.uploads.values.first(where: { $0.ownerID == owner && $0.details.idempotencyKey == key })
            {
                return .existing(existing)
            }
            let stored = state.items.values.filter { $0.ownerID == owner }.reduce(0) { $0 + $1.sizeBytes }
            let reserving = state.uploads.values.filter { $0.ownerID == owner && !$0.isStored && $0.expiresAt > time }
            let reserved = reserving.reduce(0) { $0 + $1.length }
            let open = reserving.filter { !$0.isComplete }.count
            if let maxOpen, open >= maxOpen { return .tooManyOpen(open: open) }
            if let quota, stored + reserved + upload.length > quota { return .overQuota(stored: stored, reserved: reserved) }
            state.uploads[upload.id] = upload
            return .created(upload)
        }
    }

    public func upload(_ id: UUID, owner: UUID) async throws -> ResumableUpload? {
        state.withLock { state in state.uploads[id].flatMap { $0.ownerID == owner ? $0 : nil } }
    }

    public func beginAppend(to id: UUID, owner: UUID, from offset: Int, at time: Date) async throws -> ResumableUpload? {
        state.withLock { state in
            guard var upload = state.uploads[id], upload.ownerID == owner, !upload.isStored, upload.offset == offset else { return nil }
            upload.appendingSince = time
            state.uploads[id] = upload
            return upload
        }
    }

    public func endAppend(to id: UUID) async throws {
        state.withLock { $0.uploads[id]?.appendingSince = nil }
    }

    public func append(_ segment: UploadSegment, to id: UUID, owner: UUID, expiresAt: Date) async throws -> ResumableUpload? {
        state.withLock { state in
            guard var upload = state.uploads[id], upload.ownerID == owner, !upload.isStored, upload.offset == segment.offset,
                upload.offset + segment.size <= upload.length
            else { return nil }
            upload.offset += segment.size
            upload.expiresAt = expiresAt
            upload.appendingSince = nil
            state.uploads[id] = upload
            state.segments[id, default: []].append(segment)
            return upload
        }
    }

    public func segments(of id: UUID) async throws -> [UploadSegment] {
        state.withLock { $0.segments[id, default: []].sorted { $0.offset < $1.offset } }
    }

    public func finish(_ id: UUID, owner: UUID, media: UUID, duplicate: Bool) async throws -> ResumableUpload? {
        state.withLock { state in
            guard var upload = state.uploads[id], upload.ownerID == owner else { return nil }
            upload.mediaID = media
            upload.duplicate = duplicate
            state.uploads[id] = upload
            state.segments[id] = nil
            return upload
        }
    }

    public func removeUpload(_ id: UUID, owner: UUID) async throws -> ResumableUpload? {
        state.withLock { state in
            guard let upload = state.uploads[id], upload.ownerID == owner else { return nil }
            state.uploads[id] = nil
            state.segments[id] = nil
            return upload
        }
    }

    public func removeExpired(before time: Date) async throws -> [ResumableUpload] {
        state.withLock { state in
            let expired = state.uploads.values.filter { $0.expiresAt < time }
            for upload in expired {
                state.uploads[upload.id] = nil
                state.segments[upload.id] = nil
            }
            return expired
        }
    }

    public func removeUploads(of owner: UUID) async throws {
        state.withLock { state in
            for upload in state.uploads.values where upload.ownerID == owner {
                state.uploads[upload.id] = nil
                state.segments[upload.id] = nil
            }
        }
    }

    public func knownUploadIDs(_ ids: [UUID]) async throws -> Set<UUID> {
        state.withLock { state in Set(ids.filter { state.uploads[$0] != nil }) }
    }
}
