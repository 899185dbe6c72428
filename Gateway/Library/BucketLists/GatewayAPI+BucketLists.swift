import RoamAPI
import RoamProto
import RoamRuntime

/// `/v1/lists…`: bucket lists, each seen as its visibility allows (bucket lists asks accounts who
/// follows and blocks whom); what the caller may not see answers 404, as what does not exist.
extension GatewayAPI {
    func listBucketLists(_ input: Operations.ListBucketLists.Input) async throws -> Operations.ListBucketLists.Output {
        let query = input.query
        var owner = ""
        if let username = query.username {
            owner = try await accounts.call(idempotent: true) { client, options in
                try await client.getProfile(.with { $0.username = username }, options: options)
            }.profile.userID
        }
        let page = PageQuery(size: query.pageSize, token: query.pageToken)
        let response = try await renamingFields(as: Operations.ListBucketLists.Input.Query.self) {
            try await bucketLists.call(idempotent: true) { client, options in
                try await client.listLists(
                    .with {
                        $0.ownerID = owner
                        $0.page = page.proto
                    }, options: options)
            }
        }
        return .ok(
            .init(
                body: .json(
                    .init(
                        lists: response.lists.map { Components.Schemas.BucketList($0, links: mediaLinks) },
                        nextPageToken: .pageToken(response.page)))))
    }

    func createBucketList(_ input: Operations.CreateBucketList.Input) async throws -> Operations.CreateBucketList.Output {
        let body =
            switch input.body {
            case .json(let body): body
            }
        let response = try await bucketLists.call { client, options in
            try await client.createList(
                .with {
                    $0.title = body.title
                    $0.description_p = body.description ?? ""
                    $0.coverMediaID = body.coverMediaId ?? ""
                    $0.visibility = body.visibility?.proto ?? .public
                    $0.idempotencyKey = input.headers.idempotencyKey ?? ""
                }, options: options)
        }
        return .created(.init(body: .json(.init(response.list, links: mediaLinks))))
    }

    func getBucketList(_ input: Operations.GetBucketList.Input) async throws -> Operations.GetBucketList.Output {
        let response = try await bucketLists.call(idempotent: true) { client, options in
            try await client.getList(.with { $0.listID = input.path.id }, options: options)
        }
        return .ok(.init(body: .json(.init(response.list, links: mediaLinks))))
    }

    func updateBucketList(_ input: Operations.UpdateBucketList.Input) async throws -> Operations.UpdateBucketList.Output {
        let body =
            switch input.body {
            case .json(let body): body
            }
        let response = try await bucketLists.call(idempotent: true) { client, options in
            try await client.updateList(
                .with {
                    $0.listID = input.path.id
                    if let title = body.title { $0.title = title }
                    if let description = body.description { $0.description_p = description }
                    if let cover = body.coverMediaId { $0.coverMediaID = cover }
                    if let visibility = body.visibility { $0.visibility = visibility.proto }
                }, options: options)
        }
        return .ok(.init(body: .json(.init(response.list, links: mediaLinks))))
    }

    func deleteBucketList(_ input: Operations.DeleteBucketList.Input) async throws -> Operations.DeleteBucketList.Output {
        _ = try await bucketLists.call(idempotent: true) { client, options in
            try await client.deleteList(.with { $0.listID = input.path.id }, options: options)
        }
        return .noContent(.init())
    }

    func listBucketItems(_ input: Operations.ListBucketItems.Input) async throws -> Operations.ListBucketItems.Output {
        let page = PageQuery(size: input.query.pageSize, token: input.query.pageToken)
        let response = try await bucketLists.call(idempotent: true) { client, options in
            try await client.listItems(
                .with {
                    $0.listID = input.path.id
                    $0.page = page.proto
                }, options: options)
        }
        var items = Components.Schemas.BucketItemPage(response, links: mediaLinks)
        items.items = await counted(items.items)
        return .ok(.init(body: .json(items)))
    }

    func addBucketItem(_ input: Operations.AddBucketItem.Input) async throws -> Operations.AddBucketItem.Output {
        let body =
            switch input.body {
            case .json(let body): body
            }
        let response = try await bucketLists.call { client, options in
            try await client.addItem(
                .with {
                    $0.listID = input.path.id
                    $0.idempotencyKey = input.headers.idempotencyKey ?? ""
                    $0.item = .with {
                        $0.title = body.title
                        $0.description_p = body.description ?? ""
                        if let place = body.place { $0.place = place.proto }
                        $0.targetDate = body.targetDate ?? ""
                        $0.mediaIds = body.mediaIds ?? []
                    }
                }, options: options)
        }
        return .created(.init(body: .json(await counted(Components.Schemas.BucketItem(response.item, links: mediaLinks)))))
    }
}
