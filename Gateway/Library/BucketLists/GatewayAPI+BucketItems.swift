import GRPCCore
import RoamAPI
import RoamProto
import RoamRuntime

/// `/v1/items/{id}…` and `/v1/me/completed`: one item of a bucket list (its owner writes, others read
/// what the list's visibility allows), its completion, copies and comments.
extension GatewayAPI {
    func getBucketItem(_ input: Operations.GetBucketItem.Input) async throws -> Operations.GetBucketItem.Output {
        .ok(
            .init(
                body: .json(
                    try await item(idempotent: true) { client, options in
                        try await client.getItem(.with { $0.itemID = input.path.id }, options: options)
                    })))
    }

    func updateBucketItem(_ input: Operations.UpdateBucketItem.Input) async throws -> Operations.UpdateBucketItem.Output {
        let body =
            switch input.body {
            case .json(let body): body
            }
        if body.removePlace == true, body.place != nil { throw RoamError.invalidField("removePlace", "give place or removePlace, not both") }
        return .ok(
            .init(
                body: .json(
                    try await item(idempotent: true) { client, options in
                        try await client.updateItem(
                            .with {
                                $0.itemID = input.path.id
                                if let title = body.title { $0.title = title }
                                if let description = body.description { $0.description_p = description }
                                if let place = body.place {
                                    $0.place = place.proto
                                    $0.replacePlace = true
                                } else if body.removePlace == true {
                                    $0.replacePlace = true
                                }
                                if let targetDate = body.targetDate { $0.targetDate = targetDate }
                                if let mediaIds = body.mediaIds {
                                    $0.mediaIds = mediaIds
                                    $0.replaceMedia = true
                                }
                            }, options: options)
                    })))
    }

    func deleteBucketItem(_ input: Operations.DeleteBucketItem.Input) async throws -> Operations.DeleteBucketItem.Output {
        _ = try await bucketLists.call(idempotent: true) { client, options in
            try await client.deleteItem(.with { $0.itemID = input.path.id }, options: options)
        }
        return .noContent(.init())
    }

    func moveBucketItem(_ input: Operations.MoveBucketItem.Input) async throws -> Operations.MoveBucketItem.Output {
        let body =
            switch input.body {
            case .json(let body): body
            }
        return .ok(
            .init(
                body: .json(
                    try await item(idempotent: true) { client, options in
                        try await client.moveItem(
                            .with {
                                $0.itemID = input.path.id
                                $0.position = body.position
                                $0.listID = body.listId ?? ""
                            }, options: options)
                    })))
    }

    func completeBucketItem(_ input: Operations.CompleteBucketItem.Input) async throws -> Operations.CompleteBucketItem.Output {
        let body =
            switch input.body {
            case .json(let body): body
            }
        return .ok(
            .init(
                body: .json(
                    try await item(idempotent: true) { client, options in
                        try await client.completeItem(
                            .with {
                                $0.itemID = input.path.id
                                if let completedAt = body.completedAt { $0.completedAt = .init(date: completedAt) }
                                $0.note = body.note ?? ""
                                $0.mediaID = body.mediaId ?? ""
                            }, options: options)
                    })))
    }

    func reopenBucketItem(_ input: Operations.ReopenBucketItem.Input) async throws -> Operations.ReopenBucketItem.Output {
        .ok(
            .init(
                body: .json(
                    try await item(idempotent: true) { client, options in
                        try await client.reopenItem(.with { $0.itemID = input.path.id }, options: options)
                    })))
    }

    func copyBucketItem(_ input: Operations.CopyBucketItem.Input) async throws -> Operations.CopyBucketItem.Output {
        let body =
            switch input.body {
            case .json(let body): body
            }
        return .created(
            .init(
                body: .json(
                    try await item(idempotent: false) { client, options in
                        try await client.copyItem(
                            .with {
                                $0.itemID = input.path.id
                                $0.listID = body.listId
                                $0.idempotencyKey = input.headers.idempotencyKey ?? ""
                            }, options: options)
                    })))
    }

    func listCompletedItems(_ input: Operations.ListCompletedItems.Input) async throws -> Operations.ListCompletedItems.Output {
        let page = PageQuery(size: input.query.pageSize, token: input.query.pageToken)
        let response = try await bucketLists.call(idempotent: true) { client, options in
            try await client.listCompleted(.with { $0.page = page.proto }, options: options)
        }
        var items = Components.Schemas.BucketItemPage(response, links: mediaLinks)
        items.items = await counted(items.items)
        return .ok(.init(body: .json(items)))
    }

    func listBucketItemComments(_ input: Operations.ListBucketItemComments.Input) async throws -> Operations.ListBucketItemComments.Output {
        .ok(
            .init(
                body: .json(
                    try await comments(
                        of: "bucket_item/\(input.path.id)", pageSize: input.query.pageSize,
                        pageToken: input.query.pageToken))))
    }

    func commentOnBucketItem(_ input: Operations.CommentOnBucketItem.Input) async throws -> Operations.CommentOnBucketItem.Output {
        let body =
            switch input.body {
            case .json(let body): body
            }
        return .created(
            .init(
                body: .json(
                    try await comment(
                        on: "bucket_item/\(input.path.id)", text: body.text,
                        key: input.headers.idempotencyKey))))
    }

    /// Calls bucket lists about one item and answers it with signed photo links.
    private func item(
        idempotent: Bool,
        _ body: (Roam_Bucketlists_V1_BucketListsService.Client<Transport>, CallOptions) async throws -> Roam_Bucketlists_V1_ItemResponse
    )
        async throws -> Components.Schemas.BucketItem
    {
        let response = try await bucketLists.call(idempotent: idempotent, body)
        return await counted(Components.Schemas.BucketItem(response.item, links: mediaLinks))
    }
}
