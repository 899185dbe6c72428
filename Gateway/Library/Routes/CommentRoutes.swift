import Foundation
import GRPCCore
import Hummingbird
import RoamRuntime

/// Comments and replies (`/v1/posts/{id}/comments`, `/v1/comments/{id}…`) and likes on posts and comments.
struct CommentRoutes<Transport: ClientTransport>: Sendable {
    let feed: FeedCaller<Transport>

    /// The path's `{id}` is what the service calls `subject` or `comment_id`.
    private static var pathFields: [String: String] { ["subject": "id", "comment_id": "id"] }

    func register(in table: RouteTable) {
        table.add(.post, "/v1/posts/{id}/comments") { request, context in
            _ = try context.requireUser()
            let post = try context.parameters.require("id")
            let body = try await JSONBody.decode(CommentBody.self, from: request, context: context)
            let key = request.headers[.idempotencyKey] ?? ""
            let response = try await renamingFields(Self.pathFields) {
                try await feed.call { client, options in
                    try await client.createComment(.with {
                        $0.idempotencyKey = key
                        $0.subject = "post/\(post)"
                        $0.text = body.text
                    }, options: options)
                }
            }
            return try json(CommentJSON(response.comment), status: .created)
        }
        table.add(.get, "/v1/posts/{id}/comments") { request, context in
            _ = try context.requireUser()
            let (post, page) = (try context.parameters.require("id"), try PageQuery(request))
            let response = try await renamingFields(Self.pathFields) {
                try await feed.call(idempotent: true) { client, options in
                    try await client.listComments(.with { $0.subject = "post/\(post)"; $0.page = page.proto }, options: options)
                }
            }
            return try json(CommentPageJSON(comments: response.comments.map(CommentJSON.init), nextPageToken: .pageToken(response.page)))
        }
        table.add(.post, "/v1/comments/{id}/replies") { request, context in
            _ = try context.requireUser()
            let comment = try context.parameters.require("id")
            let body = try await JSONBody.decode(CommentBody.self, from: request, context: context)
            let key = request.headers[.idempotencyKey] ?? ""
            let response = try await renamingFields(Self.pathFields) {
                try await feed.call { client, options in
                    try await client.replyToComment(.with {
                        $0.idempotencyKey = key
                        $0.commentID = comment
                        $0.text = body.text
                    }, options: options)
                }
            }
            return try json(CommentJSON(response.comment), status: .created)
        }
        table.add(.patch, "/v1/comments/{id}") { request, context in
            _ = try context.requireUser()
            let comment = try context.parameters.require("id")
            let body = try await JSONBody.decode(CommentBody.self, from: request, context: context)
            let response = try await renamingFields(Self.pathFields) {
                try await feed.call { client, options in
                    try await client.updateComment(.with { $0.commentID = comment; $0.text = body.text }, options: options)
                }
            }
            return try json(CommentJSON(response.comment))
        }
        table.add(.delete, "/v1/comments/{id}") { _, context in
            _ = try context.requireUser()
            let comment = try context.parameters.require("id")
            _ = try await renamingFields(Self.pathFields) {
                try await feed.call { client, options in try await client.deleteComment(.with { $0.commentID = comment }, options: options) }
            }
            return noContent()
        }
        for kind in ["post", "comment"] {
            table.add(.put, "/v1/\(kind)s/{id}/like") { _, context in
                try await like(kind, context: context, taking: false)
            }
            table.add(.delete, "/v1/\(kind)s/{id}/like") { _, context in
                try await like(kind, context: context, taking: true)
            }
        }
    }

    /// PUT and DELETE are both safe to repeat, so both are retried on a transport failure.
    private func like(_ kind: String, context: GatewayRequestContext, taking back: Bool) async throws -> Response {
        _ = try context.requireUser()
        let subject = "\(kind)/\(try context.parameters.require("id"))"
        let response = try await renamingFields(Self.pathFields) {
            try await feed.call(idempotent: true) { client, options in
                back ? try await client.unlike(.with { $0.subject = subject }, options: options)
                     : try await client.like(.with { $0.subject = subject }, options: options)
            }
        }
        return try json(LikesJSON(response.engagement))
    }
}
