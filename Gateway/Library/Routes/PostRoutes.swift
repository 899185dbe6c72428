import Foundation
import GRPCCore
import Hummingbird
import RoamRuntime

/// Posts in events (`/v1/events/{id}/posts`) and any post by id (`/v1/posts/{id}`).
struct PostRoutes<Transport: ClientTransport>: Sendable {
    let feed: FeedCaller<Transport>

    func register(in table: RouteTable) {
        table.add(.post, "/v1/events/{id}/posts") { request, context in
            _ = try context.requireUser()
            let event = try context.parameters.require("id")
            let body = try await JSONBody.decode(PostBody.self, from: request, context: context)
            let key = request.headers[.idempotencyKey] ?? ""
            let response = try await renamingFields(["audience.event_id": "id"]) {
                try await feed.call { client, options in
                    try await client.createPost(.with {
                        $0.idempotencyKey = key
                        $0.audience = .with { $0.eventID = event }
                        $0.text = body.text ?? ""
                        $0.mediaIds = body.mediaIds ?? []
                    }, options: options)
                }
            }
            return try json(PostJSON(response.post), status: .created)
        }
        table.add(.get, "/v1/events/{id}/posts") { request, context in
            _ = try context.requireUser()
            let (event, page) = (try context.parameters.require("id"), try PageQuery(request))
            let response = try await feed.call(idempotent: true) { client, options in
                try await client.listEventPosts(.with { $0.eventID = event; $0.page = page.proto }, options: options)
            }
            return try json(PostPageJSON(posts: response.posts.map(PostJSON.init), nextPageToken: .pageToken(response.page)))
        }
        table.add(.get, "/v1/posts/{id}") { _, context in
            _ = try context.requireUser()
            let id = try context.parameters.require("id")
            let response = try await feed.call(idempotent: true) { client, options in
                try await client.getPost(.with { $0.postID = id }, options: options)
            }
            return try json(PostJSON(response.post))
        }
        table.add(.patch, "/v1/posts/{id}") { request, context in
            _ = try context.requireUser()
            let id = try context.parameters.require("id")
            let body = try await JSONBody.decode(PostBody.self, from: request, context: context)
            let response = try await feed.call { client, options in
                try await client.updatePost(.with {
                    $0.postID = id
                    $0.text = body.text ?? ""
                    $0.mediaIds = body.mediaIds ?? []
                }, options: options)
            }
            return try json(PostJSON(response.post))
        }
        table.add(.delete, "/v1/posts/{id}") { _, context in
            _ = try context.requireUser()
            let id = try context.parameters.require("id")
            _ = try await feed.call { client, options in try await client.deletePost(.with { $0.postID = id }, options: options) }
            return noContent()
        }
    }
}
