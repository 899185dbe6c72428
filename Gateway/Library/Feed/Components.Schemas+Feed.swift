import RoamAPI
import RoamProto
import RoamRuntime

// The feed service's protobuf messages as the document's schemas.

extension Components.Schemas.Post {
    init(_ post: Roam_Feed_V1_Post, links: MediaLinkMaker) {
        var audience = AudiencePayload.followers
        var eventId: String?
        var place: Components.Schemas.Place?
        switch post.audience.target {
        case .eventID(let id):
            audience = .event
            eventId = id
        case .place(let story):
            audience = .place
            place = .init(latitude: story.position.latitude, longitude: story.position.longitude, name: story.name)
        case .followers, nil:
            break
        }
        self.init(
            title: post.title.isEmpty ? nil : post.title, audience: audience, authorId: post.authorID, commentCount: post.engagement.comments,
            createdAt: post.createdAt.date,
            editedAt: post.hasEditedAt ? post.editedAt.date : nil, eventId: eventId, likeCount: post.engagement.likes,
            likedByMe: post.engagement.likedByMe, media: links.links(for: post.mediaIds), mediaIds: post.mediaIds, place: place, postId: post.postID,
            savedByMe: post.engagement.savedByMe,
            takenDown: post.hasTakedown ? .init(post.takedown) : nil, tags: post.tags,
            text: post.text, viewCount: post.engagement.views)
    }
}

extension Components.Schemas.PostPage {
    init(_ response: Roam_Feed_V1_ListPostsResponse, links: MediaLinkMaker) {
        self.init(nextPageToken: .pageToken(response.page), posts: response.posts.map { .init($0, links: links) })
    }
}

extension Components.Schemas.Comment {
    init(_ comment: Roam_Feed_V1_Comment) {
        self.init(
            authorId: comment.authorID.isEmpty ? nil : comment.authorID, commentId: comment.commentID,
            createdAt: comment.createdAt.date, deleted: comment.deleted,
            editedAt: comment.hasEditedAt ? comment.editedAt.date : nil, likeCount: comment.engagement.likes,
            likedByMe: comment.engagement.likedByMe, parentId: comment.parentID.isEmpty ? nil : comment.parentID,
            subject: comment.subject,
            takenDown: comment.hasTakedown ? .init(comment.takedown) : nil, text: comment.text)
    }
}

extension Components.Schemas.Likes {
    init(_ engagement: Roam_Feed_V1_Engagement) {
        self.init(likeCount: engagement.likes, likedByMe: engagement.likedByMe)
    }
}

extension Components.Schemas.ContentReport {
    init(_ report: Roam_Feed_V1_ContentReport) {
        self.init(
            createdAt: report.createdAt.date, eventId: report.eventID.isEmpty ? nil : report.eventID,
            reason: ReasonPayload(rawValue: report.reason) ?? .other, reportId: report.reportID, reporterId: report.reporterID,
            subject: report.subject, text: report.text)
    }
}

extension Components.Schemas.ChatMessage {
    init(_ message: Roam_Feed_V1_ChatMessage) {
        self.init(
            authorId: message.authorID, eventId: message.eventID, messageId: message.messageID, sentAt: message.sentAt.date,
            sequence: Int(message.sequence), text: message.text)
    }
}

extension Components.Schemas.FollowedPlace {
    init(_ place: Roam_Feed_V1_FollowedPlace) {
        self.init(
            createdAt: place.createdAt.date, latitude: place.position.latitude, longitude: place.position.longitude,
            name: place.name, placeId: place.placeID, radiusMeters: place.radiusMeters)
    }
}
