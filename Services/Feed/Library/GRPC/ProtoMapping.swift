import Foundation
import RoamProto
import RoamRuntime
import SwiftProtobuf

// Conversions between the feed domain and `roam.feed.v1` messages.

extension Post {
    var proto: Roam_Feed_V1_Post {
        .with {
            $0.postID = id.lowercasedString
            $0.authorID = authorID.lowercasedString
            $0.audience = audience.proto
            $0.text = text
            $0.title = title
            $0.mediaIds = mediaIDs.map(\.lowercasedString)
            $0.tags = tags
            $0.createdAt = Google_Protobuf_Timestamp(date: createdAt)
            if let editedAt { $0.editedAt = Google_Protobuf_Timestamp(date: editedAt) }
            // Only its author is ever given a taken-down post; who took it down stays with moderators.
            if let takedown { $0.takedown = takedown.proto }
        }
    }
}

extension Engaged<Post> {
    var proto: Roam_Feed_V1_Post {
        var post = item.proto
        post.engagement = engagement.proto
        return post
    }
}

extension Engaged<Comment> {
    var proto: Roam_Feed_V1_Comment {
        .with {
            $0.commentID = item.id.lowercasedString
            $0.subject = item.subject.description
            if let parent = item.parentID { $0.parentID = parent.lowercasedString }
            if let author = item.authorID { $0.authorID = author.lowercasedString }
            $0.text = item.text
            $0.createdAt = Google_Protobuf_Timestamp(date: item.createdAt)
            if let editedAt = item.editedAt { $0.editedAt = Google_Protobuf_Timestamp(date: editedAt) }
            $0.deleted = item.isDeleted
            $0.engagement = engagement.proto
            if let takedown = item.takedown { $0.takedown = takedown.proto }
        }
    }
}

extension ChatMessage {
    var proto: Roam_Feed_V1_ChatMessage {
        .with {
            $0.messageID = id.lowercasedString
            $0.eventID = eventID.lowercasedString
            $0.sequence = sequence
            $0.authorID = authorID.lowercasedString
            $0.text = text
            $0.sentAt = Google_Protobuf_Timestamp(date: sentAt)
        }
    }
}

extension ContentReport {
    var proto: Roam_Feed_V1_ContentReport {
        .with {
            $0.reportID = id.lowercasedString
            $0.subject = subject.description
            $0.reporterID = reporterID.lowercasedString
            $0.reason = reason.rawValue
            $0.text = text
            $0.createdAt = Google_Protobuf_Timestamp(date: createdAt)
            if let eventID { $0.eventID = eventID.lowercasedString }
        }
    }
}

extension Engagement {
    var proto: Roam_Feed_V1_Engagement {
        .with {
            $0.likes = Int64(likes)
            $0.comments = Int64(comments)
            $0.views = Int64(views)
            $0.likedByMe = likedByMe
            $0.savedByMe = savedByMe
        }
    }
}

extension Audience {
    var proto: Roam_Feed_V1_Audience {
        .with {
            switch self {
            case .event(let id):
                $0.eventID = id.lowercasedString
            case .place(let place):
                $0.place = .with {
                    $0.position = .with {
                        $0.latitude = place.latitude; $0.longitude = place.longitude
                    }
                    $0.name = place.name
                }
            case .followers:
                $0.followers = .init()
            }
        }
    }

    /// The audience of a request, or INVALID_ARGUMENT naming `audience`.
    init(_ proto: Roam_Feed_V1_Audience, present: Bool) throws(RoamError) {
        switch present ? proto.target : nil {
        case .eventID(let id):
            self = .event(try UUID(field: "audience.event_id", id))
        case .place(let place):
            self = .place(try Place(place, field: "audience.place"))
        case .followers:
            self = .followers
        case nil:
            throw RoamError.invalidField("audience", "is required: an event_id, a place or followers")
        }
    }
}

extension Place {
    /// A place of a request, or INVALID_ARGUMENT naming `field`.
    init(_ proto: Roam_Feed_V1_Place, field: String) throws(RoamError) {
        guard proto.hasPosition else { throw RoamError.invalidField("\(field).position", "is required") }
        self.init(latitude: proto.position.latitude, longitude: proto.position.longitude, name: proto.name)
    }
}

extension FeedUpdate {
    var proto: Roam_Feed_V1_FeedUpdate {
        .with {
            switch self {
            case .post(let post): $0.post = Engaged(post, Engagement()).proto
            case .comment(let comment): $0.comment = Engaged(comment, Engagement()).proto
            case .likes(let subject, let count):
                $0.likes = .with {
                    $0.subject = subject.description
                    $0.likeCount = Int64(count)
                }
            }
        }
    }
}

extension Like {
    var proto: Roam_Feed_V1_Liker {
        .with {
            $0.userID = userID.lowercasedString
            $0.likedAt = Google_Protobuf_Timestamp(date: likedAt)
        }
    }
}

extension Array where Element == String {
    /// Media ids from a request, or INVALID_ARGUMENT naming the bad one.
    func mediaIDs() throws(RoamError) -> [UUID] {
        var ids: [UUID] = []
        for (index, text) in enumerated() { ids.append(try UUID(field: "media_ids[\(index)]", text)) }
        return ids
    }
}

extension FollowedPlace {
    var proto: Roam_Feed_V1_FollowedPlace {
        .with {
            $0.placeID = id.lowercasedString
            $0.position = .with {
                $0.latitude = point.latitude; $0.longitude = point.longitude
            }
            $0.name = name
            $0.radiusMeters = radiusMeters
            $0.createdAt = Google_Protobuf_Timestamp(date: createdAt)
        }
    }
}

extension StoryQuery {
    /// The query of a `ListStories` request, or INVALID_ARGUMENT naming the bad field.
    init(_ request: Roam_Feed_V1_ListStoriesRequest) throws(RoamError) {
        let area: StoryArea? =
            switch request.area {
            case .near(let circle):
                .circle(center: GeoPoint(latitude: circle.center.latitude, longitude: circle.center.longitude), radiusMeters: circle.radiusMeters)
            case .box(let box):
                .box(south: box.south, west: box.west, north: box.north, east: box.east)
            case nil:
                nil
            }
        let order: StoryOrder =
            switch request.order {
            case .unspecified, .recent: .recent
            case .topWeek: .topWeek
            case .topMonth: .topMonth
            case .topYear: .topYear
            case .topAllTime: .topAllTime
            case .trending: .trending
            case .UNRECOGNIZED: throw RoamError.invalidField("order", "is not a known order")
            }
        self.init(
            area: area, text: request.text, tag: request.tag,
            author: request.authorID.isEmpty ? nil : try UUID(field: "author_id", request.authorID),
            placeName: request.placeName, order: order)
    }
}

extension Page<Engaged<Post>> {
    var proto: Roam_Feed_V1_ListPostsResponse {
        .with {
            $0.posts = items.map(\.proto)
            $0.page = .init(cursor: nextCursor)
        }
    }
}
