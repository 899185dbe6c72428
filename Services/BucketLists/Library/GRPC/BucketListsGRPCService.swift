import Foundation
import GRPCCore
import RoamCore
import RoamProto
import RoamRuntime

/// The gRPC face of lists and items: converts messages and calls `BucketListService` for the caller.
public struct BucketListsGRPCService: Roam_Bucketlists_V1_BucketListsService.SimpleServiceProtocol, ActsForCaller {
    let lists: BucketListService

    /// Profile counts are public, as profiles are: the gateway asks for them for someone signed out too.
    public static let anonymousMethods: Set<MethodDescriptor> = [Roam_Bucketlists_V1_BucketListsService.Method.GetCounts.descriptor]

    static func visibility(_ proto: Roam_Bucketlists_V1_Visibility, default: Visibility?) throws(RoamError) -> Visibility? {
        if case .UNRECOGNIZED = proto { throw RoamError.invalidField("visibility", "must be public, followers or private") }
        return Visibility(proto) ?? `default`
    }

    public func createList(request: Roam_Bucketlists_V1_CreateListRequest, context _: ServerContext) async throws -> Roam_Bucketlists_V1_ListResponse
    {
        let details = ListDetails(
            title: request.title, description: request.description_p,
            coverMediaID: try RequestIDs.optional("cover_media_id", request.coverMediaID),
            visibility: try Self.visibility(request.visibility, default: .public)!)
        let list = try await lists.createList(details, owner: caller(), idempotencyKey: request.idempotencyKey.isEmpty ? nil : request.idempotencyKey)
        return .with { $0.list = list.proto }
    }

    public func getList(request: Roam_Bucketlists_V1_GetListRequest, context _: ServerContext) async throws -> Roam_Bucketlists_V1_ListResponse {
        let list = try await lists.list(UUID(field: "list_id", request.listID), for: caller())
        return .with { $0.list = list.proto }
    }

    public func listLists(
        request: Roam_Bucketlists_V1_ListListsRequest, context _: ServerContext
    ) async throws -> Roam_Bucketlists_V1_ListListsResponse {
        let reader = try caller()
        let owner = try RequestIDs.optional("owner_id", request.ownerID) ?? reader
        let page = try await lists.lists(of: owner, for: reader, page: request.page.domain())
        return .with {
            $0.lists = page.items.map(\.proto)
            $0.page = .init(cursor: page.nextCursor)
        }
    }

    public func updateList(request: Roam_Bucketlists_V1_UpdateListRequest, context _: ServerContext) async throws -> Roam_Bucketlists_V1_ListResponse
    {
        let changes = ListChanges(
            title: request.hasTitle ? request.title : nil,
            description: request.hasDescription_p ? request.description_p : nil,
            coverMediaID: request.hasCoverMediaID ? .some(try RequestIDs.optional("cover_media_id", request.coverMediaID)) : nil,
            visibility: try Self.visibility(request.visibility, default: nil))
        let list = try await lists.updateList(UUID(field: "list_id", request.listID), changes: changes, owner: caller())
        return .with { $0.list = list.proto }
    }

    public func deleteList(
        request: Roam_Bucketlists_V1_DeleteListRequest, context _: ServerContext
    ) async throws -> Roam_Bucketlists_V1_DeleteListResponse {
        try await lists.deleteList(UUID(field: "list_id", request.listID), owner: caller())
        return .init()
    }

    public func addItem(request: Roam_Bucketlists_V1_AddItemRequest, context _: ServerContext) async throws -> Roam_Bucketlists_V1_ItemResponse {
        let draft = request.item
        let details = ItemDetails(
            title: draft.title, description: draft.description_p, place: draft.hasPlace ? try NamedPlace(draft.place) : nil,
            targetDate: try draft.targetDate.isEmpty ? nil : LocalDate(field: "target_date", draft.targetDate),
            mediaIDs: try RequestIDs.list("media_ids", draft.mediaIds))
        let item = try await lists.addItem(
            details, to: UUID(field: "list_id", request.listID), owner: caller(),
            idempotencyKey: request.idempotencyKey.isEmpty ? nil : request.idempotencyKey)
        return .with { $0.item = item.proto }
    }

    public func copyItem(request: Roam_Bucketlists_V1_CopyItemRequest, context _: ServerContext) async throws -> Roam_Bucketlists_V1_ItemResponse {
        let item = try await lists.copyItem(
            UUID(field: "item_id", request.itemID), into: UUID(field: "list_id", request.listID), reader: caller(),
            idempotencyKey: request.idempotencyKey.isEmpty ? nil : request.idempotencyKey)
        return .with { $0.item = item.proto }
    }

    public func getItem(request: Roam_Bucketlists_V1_GetItemRequest, context _: ServerContext) async throws -> Roam_Bucketlists_V1_ItemResponse {
        let item = try await lists.item(UUID(field: "item_id", request.itemID), for: caller())
        return .with { $0.item = item.proto }
    }

    public func listItems(
        request: Roam_Bucketlists_V1_ListItemsRequest, context _: ServerContext
    ) async throws -> Roam_Bucketlists_V1_ListItemsResponse {
        let page = try await lists.items(in: UUID(field: "list_id", request.listID), for: caller(), page: request.page.domain())
        return .with {
            $0.items = page.items.map(\.proto)
            $0.page = .init(cursor: page.nextCursor)
        }
    }

    public func updateItem(request: Roam_Bucketlists_V1_UpdateItemRequest, context _: ServerContext) async throws -> Roam_Bucketlists_V1_ItemResponse
    {
        let changes = ItemChanges(
            title: request.hasTitle ? request.title : nil,
            description: request.hasDescription_p ? request.description_p : nil,
            place: request.replacePlace ? .some(request.hasPlace ? try NamedPlace(request.place) : nil) : nil,
            targetDate: request.hasTargetDate
                ? .some(try request.targetDate.isEmpty ? nil : LocalDate(field: "target_date", request.targetDate)) : nil,
            mediaIDs: request.replaceMedia ? try RequestIDs.list("media_ids", request.mediaIds) : nil)
        let item = try await lists.updateItem(UUID(field: "item_id", request.itemID), changes: changes, owner: caller())
        return .with { $0.item = item.proto }
    }

    public func moveItem(request: Roam_Bucketlists_V1_MoveItemRequest, context _: ServerContext) async throws -> Roam_Bucketlists_V1_ItemResponse {
        let item = try await lists.moveItem(
            UUID(field: "item_id", request.itemID), to: RequestIDs.optional("list_id", request.listID),
            position: Int(request.position), owner: caller())
        return .with { $0.item = item.proto }
    }

    public func deleteItem(
        request: Roam_Bucketlists_V1_DeleteItemRequest, context _: ServerContext
    ) async throws -> Roam_Bucketlists_V1_DeleteItemResponse {
        try await lists.deleteItem(UUID(field: "item_id", request.itemID), owner: caller())
        return .init()
    }

    public func completeItem(
        request: Roam_Bucketlists_V1_CompleteItemRequest, context _: ServerContext
    ) async throws
        -> Roam_Bucketlists_V1_ItemResponse
    {
        let item = try await lists.complete(
            UUID(field: "item_id", request.itemID), at: request.hasCompletedAt ? request.completedAt.date : nil,
            note: request.note, mediaID: RequestIDs.optional("media_id", request.mediaID), owner: caller())
        return .with { $0.item = item.proto }
    }

    public func reopenItem(request: Roam_Bucketlists_V1_ReopenItemRequest, context _: ServerContext) async throws -> Roam_Bucketlists_V1_ItemResponse
    {
        let item = try await lists.reopen(UUID(field: "item_id", request.itemID), owner: caller())
        return .with { $0.item = item.proto }
    }

    public func listCompleted(
        request: Roam_Bucketlists_V1_ListCompletedRequest, context _: ServerContext
    ) async throws
        -> Roam_Bucketlists_V1_ListItemsResponse
    {
        let page = try await lists.completed(of: caller(), page: request.page.domain())
        return .with {
            $0.items = page.items.map(\.proto)
            $0.page = .init(cursor: page.nextCursor)
        }
    }

    public func getCounts(
        request: Roam_Bucketlists_V1_GetCountsRequest, context _: ServerContext
    ) async throws -> Roam_Bucketlists_V1_GetCountsResponse {
        // Profiles are public: someone signed out (or a service) counts public lists.
        let counts = try await lists.counts(of: UUID(field: "user_id", request.userID), for: CallContext.current.userID)
        return .with {
            $0.lists = Int32(clamping: counts.lists)
            $0.items = Int32(clamping: counts.items)
            $0.completed = Int32(clamping: counts.completed)
        }
    }
}
