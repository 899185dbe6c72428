import Foundation
import RoamCore

/// The feed's domain: posts in events (members only, asked of the events service) and stories at
/// places, with comments and likes. Free of transport and SQL.
public struct FeedService: Sendable {
    let store: any FeedStore
    let membership: any EventMembership
    /// Follows and blocks, from the accounts service.
    let graph: any SocialGraph
    /// This process's live chat readers.
    public let chat: ChatHub
    /// Spreads news of chat messages to every replica's hub (just this one's, by default).
    let announcer: any ChatAnnouncer
    /// Where post images are attached (the media service); nil only in tests that show no media.
    let media: (any MediaAttachments)?
    /// Other services' subjects (activities and bucket items): who may see them.
    let external: any ExternalSubjects
    let now: @Sendable () -> Date

    public init(
        store: any FeedStore, membership: any EventMembership, graph: any SocialGraph = NoSocialGraph(), chat: ChatHub? = nil,
        announcer: (any ChatAnnouncer)? = nil, media: (any MediaAttachments)? = nil, external: any ExternalSubjects = NoExternalSubjects(),
        now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.store = store
        self.external = external
        self.media = media
        self.membership = membership
        self.graph = graph
        let chat = chat ?? ChatHub(store: store)
        self.chat = chat
        self.announcer = announcer ?? chat
        self.now = now
    }

    public func create(_ draft: PostDraft, author: UUID, idempotencyKey: String?) async throws -> Engaged<Post> {
        try draft.validate()
        try IdempotencyKey.check(idempotencyKey)
        if let event = draft.audience.eventID {
            guard try await membership.status(of: author, in: event).active else { throw FeedError.notEventMember }
        }
        var audience = draft.audience
        if case .place(var place) = audience {
            place.name = place.name.trimmingCharacters(in: .whitespacesAndNewlines)
            audience = .place(place)
        }
        let time = now()
        let post = Post(
            id: .v7(at: time), authorID: author, audience: audience, text: draft.text, mediaIDs: draft.mediaIDs,
            tags: Hashtags.find(in: draft.text), createdAt: time, title: draft.title)
        // Attached first, so media refuses ids that are not the author's before anything is stored.
        try await attachMedia(of: post)
        let stored: Post
        do {
            stored = try await store.create(post, idempotencyKey: idempotencyKey.flatMap { $0.isEmpty ? nil : $0 })
        } catch {
            await detachMedia(of: post)
            throw error
        }
        // A retried create answers the first post, which has the media already (and was announced).
        if stored.id != post.id {
            await detachMedia(of: post)
        } else if let event = stored.audience.eventID {
            await announcer.publish(.post(stored.id), in: event)
        }
        return try await engaged([stored], viewer: author)[0]
    }

    /// A post the reader may see, with its counts. Reading someone else's story counts as a view
    /// (once per reader and UTC day).
    public func post(_ id: UUID, reader: UUID) async throws -> Engaged<Post> {
        let post = try await readablePost(id, reader: reader)
        if post.isStory, post.authorID != reader { _ = try await store.recordView(of: id, by: reader, at: now()) }
        return try await engaged([post], viewer: reader)[0]
    }

    /// A post the reader may see, else NOT_FOUND: an event post outside the event, a followers post
    /// to a non-follower, anything by someone who blocks the reader or whom the reader blocks.
    func readablePost(_ id: UUID, reader: UUID) async throws -> Post {
        guard let post = try await store.post(id: id), post.isShown(to: reader) else { throw FeedError.postNotFound }
        guard post.authorID != reader else { return post }
        let relations = try await graph.relations(of: reader)
        guard !relations.hidden.contains(post.authorID) else { throw FeedError.postNotFound }
        switch post.audience {
        case .event(let event):
            guard try await membership.status(of: reader, in: event).active else { throw FeedError.postNotFound }
        case .followers:
            guard relations.following.contains(post.authorID) else { throw FeedError.postNotFound }
        case .place:
            break
        }
        return post
    }

    public func eventPosts(_ event: UUID, reader: UUID, page: PageRequest) async throws -> Page<Engaged<Post>> {
        guard try await membership.status(of: reader, in: event).active else { throw FeedError.notEventMember }
        let hidden = try await graph.relations(of: reader).hidden
        let listed = try await store.posts(inEvent: event, page: page)
        return Page(
            items: try await engaged(listed.items.filter { !hidden.contains($0.authorID) && $0.isShown(to: reader) }, viewer: reader),
            nextCursor: listed.nextCursor)
    }

    /// Posts with their counts as `viewer` sees them.
    func engaged(_ posts: [Post], viewer: UUID) async throws -> [Engaged<Post>] {
        guard !posts.isEmpty else { return [] }
        let counts = try await store.engagement(of: .post, ids: posts.map(\.id), viewer: viewer)
        return posts.map { Engaged($0, counts[$0.id] ?? Engagement()) }
    }

    /// The author changes what is given, and nothing else (nil keeps it): the text, the media, and of a
    /// story the title and the place it is pinned to.
    public func update(
        _ id: UUID, text: String? = nil, mediaIDs: [UUID]? = nil, title: String? = nil, place: Place? = nil,
        by author: UUID
    ) async throws -> Engaged<Post> {
        let title = title?.trimmingCharacters(in: .whitespacesAndNewlines)
        let place = place.map { Place(latitude: $0.latitude, longitude: $0.longitude, name: $0.name.trimmingCharacters(in: .whitespacesAndNewlines)) }
        var validation = Validation()
        if let place { PostDraft.validate(place, field: "place", into: &validation) }
        try validation.check()
        guard let post = try await store.post(id: id) else { throw FeedError.postNotFound }
        guard post.authorID == author else { throw FeedError.notAuthor }
        // Nothing sent, nothing changed: not even the time it was edited.
        if text == nil, mediaIDs == nil, title == nil, place == nil { return try await engaged([post], viewer: author)[0] }
        // What was not sent stays as it is; the post as it will be must still have text or media.
        let (newText, newMedia) = (text ?? post.text, mediaIDs ?? post.mediaIDs)
        PostDraft.validateContent(text: newText, mediaIDs: newMedia, into: &validation)
        if let title { PostDraft.validateTitle(title, isStory: post.isStory, into: &validation) }
        validation.require(place == nil || post.isStory, "place", "only a story (a post at a place) can be moved")
        try validation.check()
        if let mediaIDs { try await replaceMedia(of: post, with: mediaIDs) }
        let changes = PostChanges(text: newText, mediaIDs: newMedia, tags: Hashtags.find(in: newText), title: title, place: place)
        guard let updated = try await store.update(id: id, changes, at: now()) else {
            throw FeedError.postNotFound
        }
        return try await engaged([updated], viewer: author)[0]
    }

    /// The author, or the host of the post's event, deletes it. For anyone else, and once it is gone,
    /// there is no such post to delete (a retry of a delete that went through reads that as done).
    public func delete(_ id: UUID, by user: UUID) async throws {
        guard let post = try await store.post(id: id) else { throw FeedError.postNotFound }
        if post.authorID != user {
            guard let event = post.audience.eventID, try await membership.status(of: user, in: event).isHost else {
                throw FeedError.postNotFound
            }
        }
        guard try await store.delete(id: id) else { throw FeedError.postNotFound }
        // Only the owner's token can let go of their media; a post a host removes lets go of it when
        // the event's purge does.
        if post.authorID == user { await detachMedia(of: post) }
    }

    /// Forgets everything a user wrote or did (the account was deleted): posts with their threads,
    /// comments (a comment others replied to stays as a tombstone), likes, chat messages, reports,
    /// saves, followed places and view records (the views already counted stay). Idempotent.
    public func purgeUser(_ user: UUID) async throws {
        _ = try await store.deletePosts(by: user)
        for comment in try await store.commentIDs(by: user) { _ = try await store.deleteComment(id: comment) }
        _ = try await store.unlikeAll(by: user)
        _ = try await store.deleteChatMessages(by: user)
        _ = try await store.deleteReports(by: user)
        try await store.forgetReader(user)
        try await store.forgetNotices(to: user)
    }

    /// Forgets everything of an event (it ended). Idempotent; returns how many posts went.
    public func purgeEvent(_ event: UUID) async throws -> Int {
        await chat.end(event)
        _ = try await store.deleteChat(inEvent: event)
        return try await store.deletePosts(inEvent: event)
    }
}
