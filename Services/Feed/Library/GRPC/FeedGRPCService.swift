import Foundation
import GRPCCore
import RoamProto
import RoamRuntime

/// The gRPC face of the feed: converts messages and calls `FeedService`.
public struct FeedGRPCService: Roam_Feed_V1_FeedService.SimpleServiceProtocol, ActsForCaller {
    /// Calls that need no access token: a profile's story count is shown to anyone.
    public static let anonymousMethods: Set<MethodDescriptor> = [Roam_Feed_V1_FeedService.Method.CountStories.descriptor]

    let feed: FeedService

    public func createPost(request: Roam_Feed_V1_CreatePostRequest, context: ServerContext) async throws -> Roam_Feed_V1_CreatePostResponse {
        let author = try caller()
        let draft = PostDraft(
            audience: try Audience(request.audience, present: request.hasAudience), text: request.text,
            mediaIDs: try request.mediaIds.mediaIDs(), title: request.title)
        let post = try await feed.create(draft, author: author, idempotencyKey: request.idempotencyKey)
        return .with { $0.post = post.proto }
    }

    public func getPost(request: Roam_Feed_V1_GetPostRequest, context: ServerContext) async throws -> Roam_Feed_V1_GetPostResponse {
        let post = try await feed.post(UUID(field: "post_id", request.postID), reader: caller())
        return .with { $0.post = post.proto }
    }

    public func listEventPosts(
        request: Roam_Feed_V1_ListEventPostsRequest, context: ServerContext
    ) async throws -> Roam_Feed_V1_ListEventPostsResponse {
        let page = try await feed.eventPosts(UUID(field: "event_id", request.eventID), reader: caller(), page: request.page.domain())
        return .with {
            $0.posts = page.items.map(\.proto)
            $0.page = .init(cursor: page.nextCursor)
        }
    }

    public func updatePost(request: Roam_Feed_V1_UpdatePostRequest, context: ServerContext) async throws -> Roam_Feed_V1_UpdatePostResponse {
        let place = try request.hasPlace ? Place(request.place, field: "place") : nil
        let post = try await feed.update(
            UUID(field: "post_id", request.postID), text: request.hasText ? request.text : nil,
            mediaIDs: request.hasMedia ? try request.media.ids.mediaIDs() : nil, title: request.hasTitle ? request.title : nil,
            place: place, by: caller())
        return .with { $0.post = post.proto }
    }

    public func deletePost(request: Roam_Feed_V1_DeletePostRequest, context: ServerContext) async throws -> Roam_Feed_V1_DeletePostResponse {
        try await feed.delete(UUID(field: "post_id", request.postID), by: caller())
        return .init()
    }

    public func createComment(request: Roam_Feed_V1_CreateCommentRequest, context: ServerContext) async throws -> Roam_Feed_V1_CreateCommentResponse {
        let comment = try await feed.comment(
            on: Subject(field: "subject", request.subject), text: request.text, by: caller(),
            idempotencyKey: request.idempotencyKey)
        return .with { $0.comment = comment.proto }
    }

    public func replyToComment(request: Roam_Feed_V1_ReplyToCommentRequest, context: ServerContext) async throws -> Roam_Feed_V1_CreateCommentResponse
    {
        let reply = try await feed.reply(
            to: UUID(field: "comment_id", request.commentID), text: request.text, by: caller(),
            idempotencyKey: request.idempotencyKey)
        return .with { $0.comment = reply.proto }
    }

    public func listComments(request: Roam_Feed_V1_ListCommentsRequest, context: ServerContext) async throws -> Roam_Feed_V1_ListCommentsResponse {
        let page = try await feed.comments(on: Subject(field: "subject", request.subject), reader: caller(), page: request.page.domain())
        return .with {
            $0.comments = page.items.map(\.proto)
            $0.page = .init(cursor: page.nextCursor)
        }
    }

    public func countComments(request: Roam_Feed_V1_CountCommentsRequest, context: ServerContext) async throws -> Roam_Feed_V1_CountCommentsResponse {
        let subjects = try request.subjects.enumerated().map { index, text throws(RoamError) in try Subject(field: "subjects[\(index)]", text) }
        let counts = try await feed.commentCounts(of: subjects, reader: caller())
        return .with { response in
            for (subject, text) in zip(subjects, request.subjects) { response.comments[text] = Int64(counts[subject] ?? 0) }
        }
    }

    public func updateComment(request: Roam_Feed_V1_UpdateCommentRequest, context: ServerContext) async throws -> Roam_Feed_V1_UpdateCommentResponse {
        let comment = try await feed.editComment(UUID(field: "comment_id", request.commentID), text: request.text, by: caller())
        return .with { $0.comment = comment.proto }
    }

    public func deleteComment(request: Roam_Feed_V1_DeleteCommentRequest, context: ServerContext) async throws -> Roam_Feed_V1_DeleteCommentResponse {
        try await feed.deleteComment(UUID(field: "comment_id", request.commentID), by: caller())
        return .init()
    }

    public func like(request: Roam_Feed_V1_LikeRequest, context: ServerContext) async throws -> Roam_Feed_V1_LikeResponse {
        let engagement = try await feed.like(Subject(field: "subject", request.subject), by: caller())
        return .with { $0.engagement = engagement.proto }
    }

    public func sendChatMessage(
        request: Roam_Feed_V1_SendChatMessageRequest,
        context: ServerContext
    ) async throws -> Roam_Feed_V1_SendChatMessageResponse {
        let message = try await feed.send(
            request.text, to: UUID(field: "event_id", request.eventID), by: caller(),
            idempotencyKey: request.idempotencyKey)
        return .with { $0.message = message.proto }
    }

    public func listChatMessages(
        request: Roam_Feed_V1_ListChatMessagesRequest,
        context: ServerContext
    ) async throws -> Roam_Feed_V1_ListChatMessagesResponse {
        let page = try await feed.chatHistory(UUID(field: "event_id", request.eventID), reader: caller(), page: request.page.domain())
        return .with {
            $0.messages = page.items.map(\.proto)
            $0.page = .init(cursor: page.nextCursor)
        }
    }

    public func streamChat(
        request: Roam_Feed_V1_StreamChatRequest, response: RPCWriter<Roam_Feed_V1_ChatStreamEvent>,
        context: ServerContext
    ) async throws {
        let (event, reader) = (try UUID(field: "event_id", request.eventID), try caller())
        let after = request.hasAfterSequence ? request.afterSequence : nil
        try await Self.untilRPCCancelled {
            try await feed.readChat(
                event, reader: reader, after: after, live: { try await response.write(.with { $0.live = .init() }) },
                update: { update in try await response.write(.with { $0.feedUpdate = update.proto }) }
            ) {
                message in try await response.write(.with { $0.message = message.proto })
            }
        }
    }

    public func openChatReader(
        request: Roam_Feed_V1_OpenChatReaderRequest, context: ServerContext
    ) async throws -> Roam_Feed_V1_OpenChatReaderResponse {
        let hidden = try await feed.openChatReader(UUID(field: "event_id", request.eventID), reader: caller())
        return .with { $0.hiddenAuthorIds = hidden.map { $0.uuidString.lowercased() }.sorted() }
    }

    public func relayChat(
        request: Roam_Feed_V1_RelayChatRequest, response: RPCWriter<Roam_Feed_V1_ChatRelayEvent>,
        context: ServerContext
    ) async throws {
        let event = try UUID(field: "event_id", request.eventID)
        let after = request.hasAfterSequence ? request.afterSequence : nil
        try await Self.untilRPCCancelled {
            try await feed.relayChat(event, after: after, live: { sequence in try await response.write(.with { $0.live.sequence = sequence }) }) {
                item in
                switch item {
                case .message(let message): try await response.write(.with { $0.message = message.proto })
                case .update(let update): try await response.write(.with { $0.feedUpdate = update.proto })
                case .removed(let user): try await response.write(.with { $0.removedUserID = user.uuidString.lowercased() })
                case .recheck: try await response.write(.with { $0.recheck = .init() })
                }
            }
        }
    }

    /// Runs a stream's `work` until it ends or the RPC does: gRPC reports a reader going away or the
    /// server shutting down through the cancellation handler, not by cancelling the handler's task.
    private static func untilRPCCancelled(_ work: @escaping @Sendable () async throws -> Void) async throws {
        let running = Task { try await work() }
        try await withRPCCancellationHandler {
            try await running.value
        } onCancelRPC: {
            running.cancel()
        }
    }

    public func checkChatReaders(
        request: Roam_Feed_V1_CheckChatReadersRequest, context: ServerContext
    ) async throws -> Roam_Feed_V1_CheckChatReadersResponse {
        let readers = try request.userIds.map { try UUID(field: "user_ids", $0) }
        let checked = try await feed.checkChatReaders(UUID(field: "event_id", request.eventID), readers: readers)
        return .with {
            $0.removedUserIds = checked.removed.map { $0.uuidString.lowercased() }
            $0.eventEnded = checked.eventEnded
        }
    }

    public func reportContent(
        request: Roam_Feed_V1_ReportContentRequest,
        context: ServerContext
    ) async throws -> Roam_Feed_V1_ReportContentResponse {
        guard let reason = ContentReport.Reason(rawValue: request.reason) else {
            throw RoamError.invalidField("reason", "must be one of \(ContentReport.Reason.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        let report = try await feed.report(Subject(field: "subject", request.subject), by: caller(), reason: reason, text: request.text)
        return .with { $0.report = report.proto }
    }

    public func listEventContentReports(
        request: Roam_Feed_V1_ListEventContentReportsRequest,
        context: ServerContext
    ) async throws -> Roam_Feed_V1_ListContentReportsResponse {
        let page = try await feed.eventReports(UUID(field: "event_id", request.eventID), host: caller(), page: request.page.domain())
        return .with {
            $0.reports = page.items.map(\.proto)
            $0.page = .init(cursor: page.nextCursor)
        }
    }

    public func listModerationReports(
        request: Roam_Feed_V1_ListModerationReportsRequest,
        context: ServerContext
    ) async throws -> Roam_Feed_V1_ListContentReportsResponse {
        let page = try await feed.moderationReports(page: request.page.domain())
        return .with {
            $0.reports = page.items.map(\.proto)
            $0.page = .init(cursor: page.nextCursor)
        }
    }

    public func unlike(request: Roam_Feed_V1_LikeRequest, context: ServerContext) async throws -> Roam_Feed_V1_LikeResponse {
        let engagement = try await feed.unlike(Subject(field: "subject", request.subject), by: caller())
        return .with { $0.engagement = engagement.proto }
    }
}
