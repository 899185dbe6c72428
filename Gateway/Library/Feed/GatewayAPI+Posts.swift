import RoamAPI
import RoamProto
import RoamRuntime

/// Posts in events (`/v1/events/{id}/posts`), any post by id (`/v1/posts/{id}`), and likes and reports
/// of posts.
extension GatewayAPI {
    func createEventPost(_ input: Operations.CreateEventPost.Input) async throws -> Operations.CreateEventPost.Output {
        let body =
            switch input.body {
            case .json(let body): body
            }
        let post = try await createPost(
            key: input.headers.idempotencyKey, text: body.text, mediaIds: body.mediaIds,
            fieldNames: Operations.CreateEventPost.Input.Path.serviceFieldNames
        ) { $0.eventID = input.path.id }
        return .created(.init(body: .json(post)))
    }

    func listEventPosts(_ input: Operations.ListEventPosts.Input) async throws -> Operations.ListEventPosts.Output {
        let page = PageQuery(size: input.query.pageSize, token: input.query.pageToken)
        let response = try await feed.call(idempotent: true) { client, options in
            try await client.listEventPosts(
                .with {
                    $0.eventID = input.path.id; $0.page = page.proto
                }, options: options)
        }
        return .ok(.init(body: .json(.init(nextPageToken: .pageToken(response.page), posts: response.posts.map { .init($0, links: mediaLinks) }))))
    }

    func getPost(_ input: Operations.GetPost.Input) async throws -> Operations.GetPost.Output {
        let response = try await feed.call(idempotent: true) { client, options in
            try await client.getPost(.with { $0.postID = input.path.id }, options: options)
        }
        return .ok(.init(body: .json(.init(response.post, links: mediaLinks))))
    }

    func updatePost(_ input: Operations.UpdatePost.Input) async throws -> Operations.UpdatePost.Output {
        let body =
            switch input.body {
            case .json(let body): body
            }
        let response = try await renamingFields(as: Components.Schemas.PostUpdateRequest.self) {
            try await feed.call { client, options in
                try await client.updatePost(
                    .with {
                        $0.postID = input.path.id
                        if let text = body.text { $0.text = text }
                        if let mediaIDs = body.mediaIds { $0.media = .with { $0.ids = mediaIDs } }
                        if let title = body.title { $0.title = title }
                        if let place = body.place {
                            $0.place = .with {
                                $0.position = .with {
                                    $0.latitude = place.latitude; $0.longitude = place.longitude
                                }
                                $0.name = place.name
                            }
                        }
                    }, options: options)
            }
        }
        return .ok(.init(body: .json(.init(response.post, links: mediaLinks))))
    }

    func deletePost(_ input: Operations.DeletePost.Input) async throws -> Operations.DeletePost.Output {
        _ = try await feed.call { client, options in try await client.deletePost(.with { $0.postID = input.path.id }, options: options) }
        return .noContent(.init())
    }

    func likePost(_ input: Operations.LikePost.Input) async throws -> Operations.LikePost.Output {
        .ok(.init(body: .json(try await like("post/\(input.path.id)", takingBack: false))))
    }

    func unlikePost(_ input: Operations.UnlikePost.Input) async throws -> Operations.UnlikePost.Output {
        .ok(.init(body: .json(try await like("post/\(input.path.id)", takingBack: true))))
    }

    func reportPost(_ input: Operations.ReportPost.Input) async throws -> Operations.ReportPost.Output {
        let body =
            switch input.body {
            case .json(let body): body
            }
        return .created(.init(body: .json(try await report("post/\(input.path.id)", reason: body.reason.rawValue, text: body.text))))
    }

    /// A post, story or post to followers; `audience` says which. The service's names of the audience's
    /// fields become the client's through `fieldNames`.
    func createPost(
        key: String?, text: String?, mediaIds: [String]?, title: String? = nil, fieldNames: [String: String] = [:],
        audience: @escaping @Sendable (inout Roam_Feed_V1_Audience) -> Void
    ) async throws -> Components.Schemas.Post {
        let response = try await renamingFields(fieldNames) {
            try await feed.call { client, options in
                try await client.createPost(
                    .with {
                        $0.idempotencyKey = key ?? ""
                        audience(&$0.audience)
                        $0.text = text ?? ""
                        $0.mediaIds = mediaIds ?? []
                        $0.title = title ?? ""
                    }, options: options)
            }
        }
        return .init(response.post, links: mediaLinks)
    }

    /// Likes `subject` (`post/…`, `comment/…`) or takes the like back. Both are safe to repeat, so both
    /// are retried on a transport failure.
    func like(_ subject: String, takingBack: Bool) async throws -> Components.Schemas.Likes {
        let response = try await renamingFields(as: SubjectPath.self) {
            try await feed.call(idempotent: true) { client, options in
                takingBack
                    ? try await client.unlike(.with { $0.subject = subject }, options: options)
                    : try await client.like(.with { $0.subject = subject }, options: options)
            }
        }
        return .init(response.engagement)
    }

    /// Reports `subject` (`post/…`, `comment/…`) to the event's host (the feed keeps those) and to the
    /// platform's moderators (one queue, in the moderation service). The feed checks and keeps it first;
    /// moderation is told after, also when the feed already has it, so a retry after moderation failed
    /// files it there (moderation takes the same report twice as once).
    func report(_ subject: String, reason: String, text: String?) async throws -> Components.Schemas.ContentReport {
        let filed: Components.Schemas.ContentReport
        do {
            filed = try await reportToFeed(subject, reason: reason, text: text)
        } catch let error as RoamError where error.reason == "ALREADY_REPORTED" {
            try await reportToModerators(subject, reason: reason, text: text)
            throw error
        }
        try await reportToModerators(subject, reason: reason, text: text)
        return filed
    }

    private func reportToModerators(_ subject: String, reason: String, text: String?) async throws {
        let parts = subject.split(separator: "/", maxSplits: 1).map(String.init)
        _ = try await moderation.call(idempotent: true) { client, options in
            try await client.report(
                .with {
                    $0.subject = .with {
                        $0.kind = parts[0]
                        $0.id = parts.count > 1 ? parts[1] : ""
                    }
                    $0.reason = reason
                    $0.text = text ?? ""
                }, options: options)
        }
    }

    private func reportToFeed(_ subject: String, reason: String, text: String?) async throws -> Components.Schemas.ContentReport {
        let response = try await renamingFields(as: SubjectPath.self) {
            try await feed.call { client, options in
                try await client.reportContent(
                    .with {
                        $0.subject = subject
                        $0.reason = reason
                        $0.text = text ?? ""
                    }, options: options)
            }
        }
        return .init(response.report)
    }
}
