import RoamAPI
import RoamProto
import RoamRuntime

/// Comments and replies (`/v1/posts/{id}/comments`, `/v1/comments/{id}…`), and likes and reports of
/// comments. Activities and bucket items reach their threads through `comment(on:)` and `comments(of:)`.
extension GatewayAPI {
    /// The path's `{id}` is what the service calls `subject`, which it may refuse as such (a comment is
    /// answered with a reply, not a comment).

    func createComment(_ input: Operations.CreateComment.Input) async throws -> Operations.CreateComment.Output {
        let body =
            switch input.body {
            case .json(let body): body
            }
        return .created(.init(body: .json(try await comment(on: "post/\(input.path.id)", text: body.text, key: input.headers.idempotencyKey))))
    }

    func listComments(_ input: Operations.ListComments.Input) async throws -> Operations.ListComments.Output {
        .ok(.init(body: .json(try await comments(of: "post/\(input.path.id)", pageSize: input.query.pageSize, pageToken: input.query.pageToken))))
    }

    /// A new comment on any subject the feed knows (`post/…`, `activity/…`, `bucket_item/…`).
    func comment(on subject: String, text: String, key: String?) async throws -> Components.Schemas.Comment {
        let response = try await renamingFields(as: SubjectPath.self) {
            try await feed.call { client, options in
                try await client.createComment(
                    .with {
                        $0.idempotencyKey = key ?? ""
                        $0.subject = subject
                        $0.text = text
                    }, options: options)
            }
        }
        return .init(response.comment)
    }

    /// A page of a subject's thread, oldest first.
    func comments(of subject: String, pageSize: Int?, pageToken: String?) async throws -> Components.Schemas.CommentPage {
        let page = PageQuery(size: pageSize, token: pageToken)
        let response = try await renamingFields(as: SubjectPath.self) {
            try await feed.call(idempotent: true) { client, options in
                try await client.listComments(
                    .with {
                        $0.subject = subject; $0.page = page.proto
                    }, options: options)
            }
        }
        return .init(comments: response.comments.map(Components.Schemas.Comment.init), nextPageToken: .pageToken(response.page))
    }

    func replyToComment(_ input: Operations.ReplyToComment.Input) async throws -> Operations.ReplyToComment.Output {
        let body =
            switch input.body {
            case .json(let body): body
            }
        let response = try await renamingFields(as: SubjectPath.self) {
            try await feed.call { client, options in
                try await client.replyToComment(
                    .with {
                        $0.idempotencyKey = input.headers.idempotencyKey ?? ""
                        $0.commentID = input.path.id
                        $0.text = body.text
                    }, options: options)
            }
        }
        return .created(.init(body: .json(.init(response.comment))))
    }

    func updateComment(_ input: Operations.UpdateComment.Input) async throws -> Operations.UpdateComment.Output {
        let body =
            switch input.body {
            case .json(let body): body
            }
        let response = try await renamingFields(as: SubjectPath.self) {
            try await feed.call { client, options in
                try await client.updateComment(
                    .with {
                        $0.commentID = input.path.id; $0.text = body.text
                    }, options: options)
            }
        }
        return .ok(.init(body: .json(.init(response.comment))))
    }

    func deleteComment(_ input: Operations.DeleteComment.Input) async throws -> Operations.DeleteComment.Output {
        _ = try await renamingFields(as: SubjectPath.self) {
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
        let body =
            switch input.body {
            case .json(let body): body
            }
        return .created(.init(body: .json(try await report("comment/\(input.path.id)", reason: body.reason.rawValue, text: body.text))))
    }
}
