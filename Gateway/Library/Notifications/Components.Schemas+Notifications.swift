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

extension Components.Schemas.Notification {
    /// The kinds the stream takes from the inbox: those no other part of it sends.
    static let inboxKinds: [String] = ["new_follower", "comment", "reply", "likes"]

    /// A notification of the inbox as the stream sends it; nil for a kind the document does not know.
    init?(inbox proto: Roam_Notifications_V1_Notification) {
        guard let kind = KindPayload(rawValue: proto.kind) else { return nil }
        let data = proto.data
        let actors = data["actorIds"].map { $0.split(separator: ",").map(String.init) }
        self.init(
            at: proto.createdAt.date, kind: kind, notificationId: proto.id, commentId: data["commentId"], count: data["count"].flatMap { Int($0) },
            parentId: data["parentId"], subjectId: data["subjectId"], subjectKind: data["subjectKind"], text: data["text"], userIds: actors,
            userId: data["actorId"])
    }
}
