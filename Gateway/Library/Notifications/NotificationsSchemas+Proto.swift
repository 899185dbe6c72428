import Foundation
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
