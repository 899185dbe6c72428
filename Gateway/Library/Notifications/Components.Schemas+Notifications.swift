import Foundation
import RoamAPI
import RoamProto

extension Components.Schemas.Device {
    init(_ proto: Roam_Notifications_V1_Device) {
        self.init(
            token: proto.token, platform: proto.platform == .apns ? .apns : .fcm,
            apnsEnvironment: proto.platform == .apns ? (proto.apnsEnvironment == .sandbox ? .sandbox : .production) : nil,
            topic: proto.topic.isEmpty ? nil : proto.topic, language: proto.language, createdAt: proto.createdAt.date,
            updatedAt: proto.updatedAt.date)
    }
}

extension Components.Schemas.InboxNotification {
    init(_ proto: Roam_Notifications_V1_Notification) {
        self.init(
            id: proto.id, kind: proto.kind, data: .init(additionalProperties: proto.data), threadId: proto.threadID.isEmpty ? nil : proto.threadID,
            createdAt: proto.createdAt.date, readAt: proto.hasReadAt ? proto.readAt.date : nil)
    }
}

extension Components.Schemas.NotificationSettings {
    init(_ proto: Roam_Notifications_V1_Settings) {
        self.init(
            mutedKinds: proto.mutedKinds, quietHours: proto.hasQuietHours ? .init(start: proto.quietHours.start, end: proto.quietHours.end) : nil,
            timeZone: proto.timeZone, pushPaused: proto.pushPaused)
    }
}

extension Components.Schemas.FollowerNotification {
    init?(inbox proto: Roam_Notifications_V1_Notification) {
        guard let follower = proto.data["actorId"] else { return nil }
        self.init(at: proto.createdAt.date, kind: .newFollower, notificationId: proto.id, userId: follower)
    }
}

extension Components.Schemas.CommentNotification {
    init?(inbox proto: Roam_Notifications_V1_Notification) {
        let data = proto.data
        guard let kind = KindPayload(rawValue: proto.kind), let author = data["actorId"], let subjectKind = data["subjectKind"],
            let subjectId = data["subjectId"], let commentId = data["commentId"]
        else { return nil }
        self.init(
            at: proto.createdAt.date, commentId: commentId, kind: kind, notificationId: proto.id, parentId: data["parentId"],
            subjectId: subjectId, subjectKind: subjectKind, text: data["text"], userId: author)
    }
}

extension Components.Schemas.LikesNotification {
    init?(inbox proto: Roam_Notifications_V1_Notification) {
        let data = proto.data
        guard let likers = data["actorIds"], let count = data["count"].flatMap({ Int($0) }), let subjectKind = data["subjectKind"],
            let subjectId = data["subjectId"]
        else { return nil }
        self.init(
            at: proto.createdAt.date, count: count, kind: .likes, notificationId: proto.id, subjectId: subjectId, subjectKind: subjectKind,
            userIds: likers.split(separator: ",").map(String.init))
    }
}

extension Components.Schemas.Notification {
    /// The kinds the stream takes from the inbox: those no other part of it sends.
    static let inboxKinds: [String] = ["new_follower", "comment", "reply", "likes"]

    /// A notification of the inbox as the stream sends it; nil for a kind the document does not know,
    /// or one whose data lacks what its schema requires.
    init?(inbox proto: Roam_Notifications_V1_Notification) {
        switch proto.kind {
        case "new_follower":
            guard let follower = Components.Schemas.FollowerNotification(inbox: proto) else { return nil }
            self = .newFollower(follower)
        case "comment", "reply":
            guard let comment = Components.Schemas.CommentNotification(inbox: proto) else { return nil }
            self = comment.kind == .reply ? .reply(comment) : .comment(comment)
        case "likes":
            guard let likes = Components.Schemas.LikesNotification(inbox: proto) else { return nil }
            self = .likes(likes)
        default: return nil
        }
    }
}
