import Foundation
import RoamCore

/// The owner's library: reading, listing, describing, deleting, downloading and attaching media. An
/// item that is not the caller's answers as one that does not exist.
extension MediaService {
    public func item(_ id: UUID, for caller: UUID) async throws -> MediaItem {
        guard let item = try await repository.item(id), item.ownerID == caller else { throw MediaError.mediaNotFound }
        return item
    }

    public func existing(
        checksums: [String], deviceAssetIDs: [String], for caller: UUID
    ) async throws
        -> (checksums: Set<String>, deviceAssetIDs: Set<String>)
    {
        var validation = Validation()
        validation.require(checksums.count <= 1_000, "sha256", "at most 1,000 at a time")
        validation.require(deviceAssetIDs.count <= 1_000, "deviceAssetIds", "at most 1,000 at a time")
        try validation.check()
        return try await repository.existing(owner: caller, checksums: checksums.map { $0.lowercased() }, deviceAssetIDs: deviceAssetIDs)
    }

    public func library(of caller: UUID, matching query: MediaQuery, page: PageRequest) async throws -> Page<MediaItem> {
        var validation = Validation()
        if let near = query.near {
            near.center.validate("near", into: &validation)
            validation.require(near.meters > 0 && near.meters <= 20_000_000, "withinMeters", "must be more than 0 and at most 20,000,000")
        }
        if let from = query.from, let to = query.to { validation.require(from < to, "to", "must be after from") }
        if let subject = query.subject {
            validation.require(Self.isSubject(subject), "subject", "must look like post/<id> or trip/<id>/journal/<id>")
        }
        try validation.check()
        return try await repository.media(of: caller, matching: query, page: page)
    }

    /// The owner's library per local day of `first`…`last` in `zone` (at most 366 days): count and cover.
    public func days(of caller: UUID, from first: String, to last: String, zone: String) async throws -> [MediaDay] {
        var validation = Validation()
        let days = Self.days(from: first, to: last, zone: zone, into: &validation)
        try validation.check()
        return try await repository.days(of: caller, from: days!.first, to: days!.last, in: days!.zone)
    }

    /// For each point (at most 1,000), the caller's photo of the local days `first`…`last` in `zone`
    /// (at most 366 days) nearest to it within `meters`.
    public func nearest(
        to points: [String: GeoPoint], from first: String, to last: String, zone: String, within meters: Double,
        for caller: UUID
    ) async throws -> [String: NearbyMedia] {
        var validation = Validation()
        let days = Self.days(from: first, to: last, zone: zone, into: &validation)
        validation.require(points.count <= 1_000, "points", "at most 1,000 at a time")
        for (key, point) in points.sorted(by: { $0.key < $1.key }) {
            validation.require(
                key.count <= 100 && !key.unicodeScalars.contains("\u{0}"), "points", "keys must be at most 100 characters, without NUL")
            point.validate("points[\(key)]", into: &validation)
        }
        validation.require(meters > 0 && meters <= 100_000, "within_meters", "must be more than 0 and at most 100,000")
        try validation.check()
        return try await repository.nearest(of: caller, to: points, takenFrom: days!.first, to: days!.last, in: days!.zone, within: meters)
    }

    /// Local days `first`…`last` in `zone`, at most 366 days apart, checked into `validation`.
    static func days(
        from first: String, to last: String, zone: String, into validation: inout Validation
    )
        -> (first: LocalDate, last: LocalDate, zone: TripZone)?
    {
        let start = LocalDate(first), end = LocalDate(last), tripZone = TripZone(zone)
        validation.require(start != nil, "from_date", "must be a date such as 2026-07-14")
        validation.require(end != nil, "to_date", "must be a date such as 2026-07-14")
        validation.require(tripZone != nil, "time_zone", "must be an IANA time zone such as Europe/Lisbon")
        guard let start, let end, let tripZone else { return nil }
        validation.require(start <= end && start.days(to: end) <= 366, "to_date", "must be from from_date to 366 days after it")
        return (start, end, tripZone)
    }

    public func describe(_ id: UUID, description: String?, tags: [String]?, for caller: UUID) async throws -> MediaItem {
        var validation = Validation()
        validation.require((description?.count ?? 0) <= 2_000, "description", "must be at most 2,000 characters")
        if let tags {
            validation.require(tags.count <= 30, "tags", "at most 30")
            validation.require(tags.allSatisfy { !$0.isEmpty && $0.count <= 50 }, "tags", "each must be 1 to 50 characters")
        }
        try validation.check()
        guard let item = try await repository.update(id, owner: caller, description: description, tags: tags) else { throw MediaError.mediaNotFound }
        return item
    }

    /// Positions inferred for the caller's photos without one (trips reads them off a trip's track);
    /// at most 1,000 at a time. Returns the items that took theirs.
    public func setInferredPositions(_ positions: [UUID: GeoPoint], for caller: UUID) async throws -> [MediaItem] {
        var validation = Validation()
        validation.require(positions.count <= 1_000, "positions", "at most 1,000 at a time")
        for (id, point) in positions { point.validate("positions[\(id.lowercasedString)]", into: &validation) }
        try validation.check()
        guard !positions.isEmpty else { return [] }
        return try await repository.setInferredPositions(positions, owner: caller)
    }

    /// The owner clears an inferred position; none is inferred for the item again. A position read
    /// from the file stays. Clearing it again is not found, as a repeated delete is.
    public func clearInferredPosition(_ id: UUID, for caller: UUID) async throws -> MediaItem {
        if let item = try await repository.clearInferredPosition(id, owner: caller) { return item }
        _ = try await item(id, for: caller)
        throw RoamError.notFound("inferred position")
    }

    /// Deletes the item and then its bytes; one that is not the caller's, or is gone already, is not found.
    public func delete(_ id: UUID, for caller: UUID) async throws {
        guard let item = try await repository.remove(id, owner: caller) else { throw MediaError.mediaNotFound }
        for key in MediaBlobKeys(owner: item.ownerID, media: item.id).all { try? await blobs.delete(key) }
    }

    /// A variant of the item, whole or `range` of it. The owner reads everything; a link holder reads
    /// the thumbnail, the preview, and instead of the original its shared copy (made on first request).
    public func download(_ id: UUID, variant: MediaVariant, range: ClosedRange<Int>?, as reader: MediaReader) async throws -> MediaDownload {
        let item: MediaItem
        switch reader {
        case .owner(let caller): item = try await self.item(id, for: caller)
        case .linkHolder:
            // A link signed before the takedown reads nothing after it.
            guard let found = try await repository.item(id), found.takedown == nil else { throw MediaError.mediaNotFound }
            item = found
        }
        // Videos have no variants, and no copy without metadata to share.
        guard !item.type.isVideo || (variant == .original && reader != .linkHolder) else { throw MediaError.mediaNotFound }
        let keys = MediaBlobKeys(owner: item.ownerID, media: item.id)
        let shared = reader == .linkHolder && variant == .original
        let (key, contentType): (BlobKey, String) =
            switch variant {
            case .original: shared ? (keys.shared, "image/jpeg") : (keys.original, item.type.contentType)
            case .thumbnail: (keys.thumbnail, "image/webp")
            case .preview: (keys.preview, "image/jpeg")
            }
        let etag = "\"\(item.sha256.prefix(32))-\(shared ? "shared" : variant.rawValue)\""
        do {
            if shared { try await makeSharedCopy(of: item, keys: keys) }
            return MediaDownload(contentType: contentType, etag: etag, content: try await blobs.read(key, range: range))
        } catch BlobError.notFound {
            throw MediaError.mediaNotFound
        } catch BlobError.rangeNotSatisfiable(let size) {
            throw MediaError.rangeNotSatisfiable(size: size)
        } catch is BlobError {
            throw MediaError.storageUnavailable
        }
    }

    /// Stores the original's copy without metadata unless it exists: the original is copied to a
    /// scratch file for libvips, re-encoded, and the copy kept beside the other variants.
    private func makeSharedCopy(of item: MediaItem, keys: MediaBlobKeys) async throws {
        do {
            _ = try await blobs.read(keys.shared, range: 0...0)
            return
        } catch BlobError.notFound {}
        let scratch = scratchDirectory.appendingPathComponent("shared-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        try await blobs.copy(keys.original, toFileAt: scratch)
        try await blobs.put(keys.shared, bytes: try await images.sharedCopy(ofFileAt: scratch.path))
    }

    /// Attaches the caller's media to `subject`, or none of it, naming the ids that are not theirs.
    public func attach(_ ids: [UUID], to subject: String, for caller: UUID) async throws {
        var validation = Validation()
        validation.require(Self.isSubject(subject), "subject", "must look like post/<id> or trip/<id>/journal/<id>")
        validation.require(!ids.isEmpty && ids.count <= 100, "mediaIds", "must name 1 to 100 media")
        try validation.check()
        let refused = try await repository.attach(ids, owner: caller, to: subject, at: now())
        guard refused.isEmpty else { throw MediaError.notYours(refused) }
    }

    public func detach(_ ids: [UUID], from subject: String, for caller: UUID) async throws {
        guard Self.isSubject(subject) else { throw RoamError.invalidField("subject", "must look like post/<id> or trip/<id>/journal/<id>") }
        try await repository.detach(ids, owner: caller, from: subject, at: now())
    }

    /// `kind/id`, or a subject inside another (`trip/<id>/journal/<id>`): up to three kind and id pairs.
    static func isSubject(_ text: String) -> Bool {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count.isMultiple(of: 2), (2...6).contains(parts.count) else { return false }
        return stride(from: 0, to: parts.count, by: 2).allSatisfy { index in
            let kind = parts[index], id = parts[index + 1]
            return !kind.isEmpty && kind.allSatisfy { $0.isLowercase && $0.isLetter }
                && !id.isEmpty && id.count <= 64 && id.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" }
        }
    }
}
