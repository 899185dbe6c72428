import Foundation
import RoamCore

/// Lists and items: the owner writes, others read what the list's visibility lets them (accounts says
/// who follows and who blocks whom). What a reader may not see answers as what does not exist.
public struct BucketListService: Sendable {
    let lists: any BucketListRepository
    let graph: any SocialGraph
    let media: any MediaAttachments
    let now: @Sendable () -> Date

    /// How far ahead of this clock a client's completion time may be (their clock runs fast).
    static let clockSkew: TimeInterval = 300

    public init(lists: any BucketListRepository, graph: any SocialGraph, media: any MediaAttachments, now: @escaping @Sendable () -> Date = Date.init)
    {
        self.lists = lists
        self.graph = graph
        self.media = media
        self.now = now
    }

    static let listNotFound = RoamError.notFound("list")
    static let itemNotFound = RoamError.notFound("item")

    // MARK: Lists

    public func createList(_ details: ListDetails, owner: UUID, idempotencyKey: String?) async throws -> BucketList {
        let details = try details.validated()
        try IdempotencyKey.check(idempotencyKey)
        let created = now()
        let list = BucketList(id: .v7(at: created), ownerID: owner, details: details, createdAt: created, updatedAt: created)
        if let cover = details.coverMediaID { try await media.attach([cover], to: Self.subject(of: list), for: owner, field: "cover_media_id") }
        let stored = try await lists.create(list, idempotencyKey: idempotencyKey.flatMap { $0.isEmpty ? nil : $0 })
        // A retry answered by the first list: this one's cover stays with nothing.
        if stored.id != list.id, let cover = details.coverMediaID { try await media.detach([cover], from: Self.subject(of: list), for: owner) }
        return stored
    }

    /// The list when `reader` may see it.
    public func list(_ id: UUID, for reader: UUID) async throws -> BucketList {
        guard let list = try await lists.list(id), try await mayRead(list, reader: reader) else { throw Self.listNotFound }
        return list
    }

    /// `owner`'s lists that `reader` may see, newest first.
    public func lists(of owner: UUID, for reader: UUID, page: PageRequest) async throws -> Page<BucketList> {
        let visible = try await visibilities(of: owner, for: reader)
        guard !visible.isEmpty else { return Page(items: [], nextCursor: nil) }
        let listed = try await lists.lists(of: owner, visibilities: visible, page: page)
        // Taken-down lists are left out after the fetch: a page may be shorter, its cursor still goes on.
        return Page(items: listed.items.filter { $0.isShown(to: reader) }, nextCursor: listed.nextCursor)
    }

    public func updateList(_ id: UUID, changes: ListChanges, owner: UUID) async throws -> BucketList {
        let list = try await ownList(id, owner: owner)
        let details = try changes.applied(to: list.details).validated()
        try await media.replace(
            list.details.coverMediaID.map { [$0] } ?? [], with: details.coverMediaID.map { [$0] } ?? [],
            on: Self.subject(of: list), for: owner, field: "cover_media_id")
        guard let updated = try await lists.update(id, owner: owner, details: details, at: now()) else { throw Self.listNotFound }
        return updated
    }

    /// Deletes the list and its items and lets their photos go; one that is not the owner's, or is gone
    /// already, is not found.
    public func deleteList(_ id: UUID, owner: UUID) async throws {
        guard let removed = try await lists.delete(id, owner: owner) else { throw Self.listNotFound }
        if let cover = removed.list.details.coverMediaID { try? await media.detach([cover], from: Self.subject(of: removed.list), for: owner) }
        for item in removed.items { await letPhotosGo(of: item) }
    }

    // MARK: Items

    public func addItem(_ details: ItemDetails, to listID: UUID, owner: UUID, idempotencyKey: String?) async throws -> Item {
        let details = try details.validated()
        try IdempotencyKey.check(idempotencyKey)
        _ = try await ownList(listID, owner: owner)
        let created = now()
        return try await store(
            Item(id: .v7(at: created), listID: listID, ownerID: owner, details: details, createdAt: created, updatedAt: created),
            idempotencyKey: idempotencyKey)
    }

    /// Copies an item `reader` may see into one of their lists; the copy remembers it. Its photos are
    /// its owner's, so the copy starts without them.
    public func copyItem(_ sourceID: UUID, into listID: UUID, reader: UUID, idempotencyKey: String?) async throws -> Item {
        try IdempotencyKey.check(idempotencyKey)
        let source = try await item(sourceID, for: reader)
        _ = try await targetList(listID, owner: reader)
        let details = ItemDetails(title: source.details.title, description: source.details.description, place: source.details.place)
        let created = now()
        return try await store(
            Item(
                id: .v7(at: created), listID: listID, ownerID: reader, details: details, source: .item(source.id),
                createdAt: created, updatedAt: created), idempotencyKey: idempotencyKey)
    }

    /// Adds a copy of something the owner may see (an activity) to the end of one of their lists.
    public func addCopy(_ details: ItemDetails, of source: ItemSource, to listID: UUID, owner: UUID, idempotencyKey: String?) async throws -> Item {
        try IdempotencyKey.check(idempotencyKey)
        _ = try await targetList(listID, owner: owner)
        let details = try details.validated()
        let created = now()
        return try await store(
            Item(
                id: .v7(at: created), listID: listID, ownerID: owner, details: details, source: source, createdAt: created,
                updatedAt: created), idempotencyKey: idempotencyKey)
    }

    /// The item when `reader` may see its list.
    public func item(_ id: UUID, for reader: UUID) async throws -> Item {
        guard let item = try await lists.item(id), item.isShown(to: reader), let list = try await lists.list(item.listID),
            try await mayRead(list, reader: reader)
        else {
            throw Self.itemNotFound
        }
        return item
    }

    public func items(in listID: UUID, for reader: UUID, page: PageRequest) async throws -> Page<Item> {
        _ = try await list(listID, for: reader)
        let listed = try await lists.items(in: listID, page: page)
        return Page(items: listed.items.filter { $0.isShown(to: reader) }, nextCursor: listed.nextCursor)
    }

    public func updateItem(_ id: UUID, changes: ItemChanges, owner: UUID) async throws -> Item {
        let item = try await ownItem(id, owner: owner)
        let details = try changes.applied(to: item.details).validated()
        try await media.replace(item.details.mediaIDs, with: details.mediaIDs, on: Self.subject(of: item), for: owner, field: "media_ids")
        guard let updated = try await lists.update(item: id, owner: owner, details: details, completion: item.completion, at: now()) else {
            throw Self.itemNotFound
        }
        return updated
    }

    /// Moves the item to `position` of `listID` (its own list when nil), 0 being first.
    public func moveItem(_ id: UUID, to listID: UUID?, position: Int, owner: UUID) async throws -> Item {
        var validation = Validation()
        validation.require(position >= 0, "position", "must be 0 or more")
        try validation.check()
        let item = try await ownItem(id, owner: owner)
        let target = listID ?? item.listID
        if target != item.listID { _ = try await targetList(target, owner: owner) }
        guard let moved = try await lists.move(item: id, owner: owner, to: target, position: position, at: now()) else { throw Self.itemNotFound }
        return moved
    }

    /// Deletes the item; one that is not the owner's, or is gone already, is not found.
    public func deleteItem(_ id: UUID, owner: UUID) async throws {
        guard let item = try await lists.delete(item: id, owner: owner) else { throw Self.itemNotFound }
        await letPhotosGo(of: item)
    }

    /// Ticks the item off at `time` (now when nil, never in the future) with a note and a photo.
    public func complete(_ id: UUID, at time: Date?, note: String, mediaID: UUID?, owner: UUID) async throws -> Item {
        var validation = Validation()
        let note = TextRules.trimmed(note)
        let at = time ?? now()
        validation.require(at <= now().addingTimeInterval(Self.clockSkew), "completed_at", "must not be in the future")
        validation.requireBody(note, "note", maxLength: Completion.maxNoteLength)
        try validation.check()
        let item = try await ownItem(id, owner: owner)
        let old = item.completion?.mediaID.map { [$0] } ?? [], new = mediaID.map { [$0] } ?? []
        try await media.replace(
            old.filter { !item.details.mediaIDs.contains($0) }, with: new, on: Self.subject(of: item), for: owner,
            field: "media_id")
        let completion = Completion(at: at, note: note, mediaID: mediaID)
        guard let done = try await lists.update(item: id, owner: owner, details: item.details, completion: completion, at: now()) else {
            throw Self.itemNotFound
        }
        return done
    }

    /// Makes a completed item open again (its completion photo is let go). An open item has no
    /// completion to take back: not found, as a repeated delete is.
    public func reopen(_ id: UUID, owner: UUID) async throws -> Item {
        let item = try await ownItem(id, owner: owner)
        guard let completion = item.completion else { throw RoamError.notFound("completion") }
        guard let reopened = try await lists.update(item: id, owner: owner, details: item.details, completion: nil, at: now()) else {
            throw Self.itemNotFound
        }
        if let photo = completion.mediaID, !item.details.mediaIDs.contains(photo) {
            try? await media.detach([photo], from: Self.subject(of: item), for: owner)
        }
        return reopened
    }

    /// Everything `owner` completed, most recently completed first.
    public func completed(of owner: UUID, page: PageRequest) async throws -> Page<Item> {
        try await lists.completed(of: owner, page: page)
    }

    /// `user`'s lists, items and completed items, counting only what `reader` may see (public lists
    /// for someone signed out).
    public func counts(of user: UUID, for reader: UUID?) async throws -> ListCounts {
        let visible: Set<Visibility> = if let reader { try await visibilities(of: user, for: reader) } else { [.public] }
        return visible.isEmpty ? ListCounts() : try await lists.counts(of: user, visibilities: visible, includingTakenDown: reader == user)
    }

    /// Whether the item exists and `reader` may see it, and whose it is (the feed asks before a comment).
    public func visibleItem(_ id: UUID, for reader: UUID) async throws -> Item? {
        do {
            return try await item(id, for: reader)
        } catch let error as RoamError where error.kind == .notFound {
            return nil
        }
    }

    // MARK: Helpers

    func mayRead(_ list: BucketList, reader: UUID) async throws -> Bool {
        guard list.isShown(to: reader) else { return false }
        return try await visibilities(of: list.ownerID, for: reader).contains(list.details.visibility)
    }

    func visibilities(of owner: UUID, for reader: UUID) async throws -> Set<Visibility> {
        if owner == reader { return Set(Visibility.allCases) }
        return Reader(id: reader, relations: try await graph.relations(of: reader)).visibilities(of: owner)
    }

    func ownList(_ id: UUID, owner: UUID) async throws -> BucketList {
        guard let list = try await lists.list(id), list.ownerID == owner else { throw Self.listNotFound }
        return list
    }

    /// A list the request names in its body: one that is not the owner's is a bad field, not a missing path.
    func targetList(_ id: UUID, owner: UUID) async throws -> BucketList {
        guard let list = try await lists.list(id), list.ownerID == owner else { throw RoamError.invalidField("list_id", "must be one of your lists") }
        return list
    }

    func ownItem(_ id: UUID, owner: UUID) async throws -> Item {
        guard let item = try await lists.item(id), item.ownerID == owner else { throw Self.itemNotFound }
        return item
    }

    /// Attaches the item's photos, then stores it; a retry answered by the first item lets this one's go.
    func store(_ item: Item, idempotencyKey: String?) async throws -> Item {
        if !item.details.mediaIDs.isEmpty {
            try await media.attach(item.details.mediaIDs, to: Self.subject(of: item), for: item.ownerID, field: "media_ids")
        }
        guard let stored = try await lists.add(item, idempotencyKey: idempotencyKey.flatMap { $0.isEmpty ? nil : $0 }) else {
            await letPhotosGo(of: item)
            throw Self.listNotFound
        }
        if stored.id != item.id { await letPhotosGo(of: item) }
        return stored
    }

    func letPhotosGo(of item: Item) async {
        let photos = item.details.mediaIDs + (item.completion?.mediaID.map { [$0] } ?? [])
        if !photos.isEmpty { try? await media.detach(photos, from: Self.subject(of: item), for: item.ownerID) }
    }

    /// Where a list's cover is attached in media.
    static func subject(of list: BucketList) -> String { "list/\(list.id.lowercasedString)" }
    /// Where an item's photos and its completion photo are attached in media.
    static func subject(of item: Item) -> String { "item/\(item.id.lowercasedString)" }

}
