import RoamProto
import RoamRuntime

/// Comments and replies (`/v1/posts/{id}/comments`, `/v1/comments/{id}…`), and likes and reports of
/// comments.
extension GatewayAPI {
    /// The path's `{id}` is what the service calls `subject` or `comment_id`.
    private static var commentFields: [String: String] { ["subject": "id", "comment_id": "id"] }

    func createComment(_ input: Operations.CreateComment.Input) async throws -> Operations.CreateComment.Output {
        let body = switch input.body { case .json(let body): body }
        let response = try await renamingFields(Self.commentFields) {
            try await feed.call { client, options in
                try await client.createComment(.with {
                    $0.idempotencyKey = input.headers.idempotencyKey ?? ""
                    $0.subject = "post/\(input.path.id)"
                    $0.text = body.text
                }, options: options)
            }
        }
        return .created(.init(body: .json(.init(response.comment))))
    }

    func listComments(_ input: Operations.ListComments.Input) async throws -> Operations.ListComments.Output {
        let page = PageQuery(size: input.query.pageSize, token: input.query.pageToken)
        let response = try await renamingFields(Self.commentFields) {
            try await feed.call(idempotent: true) { client, options in
                try await client.listComments(.with { $0.subject = "post/\(input.path.id)"; $0.page = page.proto }, options: options)
            }
        }
        return .ok(.init(body: .json(.init(comments: response.comments.map(Components.Schemas.Comment.init),
                                           nextPageToken: .pageToken(response.page)))))
    }

    func replyToComment(_ input: Operations.ReplyToComment.Input) async throws -> Operations.ReplyToComment.Output {
        let body = switch input.body { case .json(let body): body }
        let response = try await renamingFields(Self.commentFields) {
            try await feed.call { client, options in
                try await client.replyToComment(.with {
                    $0.idempotencyKey = input.headers.idempotencyKey ?? ""
                    $0.commentID = input.path.id
                    $0.text = body.text
                }, options: options)
            }
        }
        return .created(.init(body: .json(.init(response.comment))))
    }

    func updateComment(_ input: Operations.UpdateComment.Input) async throws -> Operations.UpdateComment.Output {
        let body = switch input.body { case .json(let body): body }
        let response = try await renamingFields(Self.commentFields) {
            try await feed.call { client, options in
                try await client.updateComment(.with { $0.commentID = input.path.id; $0.text = body.text }, options: options)
            }
        }
        return .ok(.init(body: .json(.init(response.comment))))
    }

    func deleteComment(_ input: Operations.DeleteComment.Input) async throws -> Operations.DeleteComment.Output {
        _ = try await renamingFields(Self.commentFields) {
            try await feed.call { client, options in try await client.deleteComment(.with { $0.commentID = input.path.id }, options: options) }
        }
        return .noContent(.init())
    }

    func likeComment(_ input: Operations.LikeComment.Input) async throws -> Operations.LikeComment.Output {
        .ok(.init(body: .json(try await like("comment/\(input.path.id)", takingBack: false))))
    }

    func unlikeComment(_ input: Operations.UnlikeComment.Input) async throws -> Operations.UnlikeComment.Output {
        .ok(.init(body: .json(try await like("comment/\(input.path.id)", takingBack: true))))
    }

    func reportComment(_ input: Operations.ReportComment.Input) async throws -> Operations.ReportComment.Output {
        let body = switch input.body { case .json(let body): body }
        return .created(.init(body: .json(try await report("comment/\(input.path.id)", reason: body.reason.rawValue, text: body.text))))
    }
}
