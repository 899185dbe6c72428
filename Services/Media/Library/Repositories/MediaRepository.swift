import Foundation
import RoamCore

/// Where media metadata lives: the index over the blobs, with the subjects each item is attached to.
public protocol MediaRepository: ResumableUploadRepository {
    /// Adds `item`. When its owner already has the same bytes (the same SHA-256), returns that item and
    /// `duplicate: true` instead, also when both arrive at once.
    func add(_ item: MediaItem) async throws -> (item: MediaItem, duplicate: Bool)
    func item(_ id: UUID) async throws -> MediaItem?
    /// The owner's item with these bytes, if they have one.
    func item(owner: UUID, sha256: String) async throws -> MediaItem?
    /// The owner's item an upload with this `Idempotency-Key` answered first, while it exists.
    func item(owner: UUID, idempotencyKey: String) async throws -> MediaItem?
    /// Remembers that an upload with `key` answered `item` (the first to do so is kept).
    func remember(idempotencyKey key: String, owner: UUID, item: UUID) async throws
    /// Which of `checksums` and `deviceAssetIDs` the owner already has.
    func existing(
        owner: UUID, checksums: [String], deviceAssetIDs: [String]
    ) async throws
        -> (checksums: Set<String>, deviceAssetIDs: Set<String>)
    /// The owner's media matching `query`, in its order, a page at a time.
    func media(of owner: UUID, matching query: MediaQuery, page: PageRequest) async throws -> Page<MediaItem>
    /// For each local day from `first` to `last` in `zone` with items of the owner's library taken on it
    /// (`MediaItem.localDate(in:)`): how many, and the first taken.
    func days(of owner: UUID, from first: LocalDate, to last: LocalDate, in zone: TripZone) async throws -> [MediaDay]
    /// For each of `points`, the owner's library item with a position taken on a local day from `first`
    /// to `last` in `zone` that is nearest to it within `meters` (ties to the lower id); points with
    /// none are left out.
    func nearest(
        of owner: UUID, to points: [String: GeoPoint], takenFrom first: LocalDate, to last: LocalDate, in zone: TripZone,
        within meters: Double
    ) async throws -> [String: NearbyMedia]
    /// Changes the description and tags given; nil when the owner has no such item.
    func update(_ id: UUID, owner: UUID, description: String?, tags: [String]?) async throws -> MediaItem?
    /// Gives the owner's items in `positions` the inferred position, except those with a position of
    /// their own (from the file or the phone) and those whose owner cleared an inferred one; returns
    /// the items changed.
    func setInferredPositions(_ positions: [UUID: GeoPoint], owner: UUID) async throws -> [MediaItem]
    /// Clears the item's inferred position (one of its own stays) and keeps another from being
    /// inferred; nil when the owner has no such item or cleared it already.
    func clearInferredPosition(_ id: UUID, owner: UUID) async throws -> MediaItem?
    /// Sets or clears a moderator's takedown of the item; nil when there is no such item.
    func setTakedown(ofItem id: UUID, _ takedown: Takedown?) async throws -> MediaItem?
    /// Removes the item and its attachments, and returns it so its blobs can go.
    func remove(_ id: UUID, owner: UUID) async throws -> MediaItem?
    /// Attaches `ids` to `subject` when every one is the owner's; otherwise attaches none and returns
    /// the ids that are not (unknown or someone else's).
    func attach(_ ids: [UUID], owner: UUID, to subject: String, at time: Date) async throws -> [UUID]
    /// Detaches the owner's `ids` from `subject` (others' ids and what is not attached are passed over).
    /// An item left with no subject is noted as detached at `time`.
    func detach(_ ids: [UUID], owner: UUID, from subject: String, at time: Date) async throws
    /// The subjects `id` is attached to.
    func subjects(of id: UUID) async throws -> Set<String>
    /// Which of `ids` have an item, for the sweeper that removes blobs nothing points to.
    func knownIDs(_ ids: [UUID]) async throws -> Set<UUID>
    /// How many bytes of originals `owner` keeps, for the storage quota.
    func bytesStored(by owner: UUID) async throws -> Int
    /// Removes every item of `owner` (an account deleted) and returns them.
    func removeAll(of owner: UUID) async throws -> [MediaItem]
    /// For a subject that is gone (an ended event, a deleted trip) with the subjects under it
    /// (`trip/<id>/journal/<entry>` under `trip/<id>`): removes the items attached to them that were
    /// uploaded only for them (not in their owner's library), detaches the others, and returns the removed.
    func purge(subject: String) async throws -> [MediaItem]
    /// Removes the items kept only for their subjects that have had none since before `cutoff` (detached
    /// from the last, or never attached), and returns them.
    func removeUnattached(before cutoff: Date) async throws -> [MediaItem]
}
