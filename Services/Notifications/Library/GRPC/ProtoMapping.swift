import Foundation
import RoamCore
import RoamProto
import SwiftProtobuf

extension Device {
    var proto: Roam_Notifications_V1_Device {
        .with {
            $0.token = token
            $0.platform = platform == .apns ? .apns : .fcm
            $0.apnsEnvironment =
                switch apnsEnvironment {
                case .production: .production
                case .sandbox: .sandbox
                case nil: .unspecified
                }
            $0.topic = topic ?? ""
            $0.language = language
            $0.createdAt = .init(date: createdAt)
            $0.updatedAt = .init(date: updatedAt)
        }
    }
}

extension DeviceRegistration {
    init(_ proto: Roam_Notifications_V1_Device) throws(RoamError) {
        let platform: DevicePlatform
        switch proto.platform {
        case .apns: platform = .apns
        case .fcm: platform = .fcm
        default: throw RoamError.invalidField("device.platform", "must be apns or fcm")
        }
        let environment: APNsEnvironment?
        switch proto.apnsEnvironment {
        case .production: environment = .production
        case .sandbox: environment = .sandbox
        case .unspecified: environment = nil
        case .UNRECOGNIZED: throw RoamError.invalidField("device.apns_environment", "must be production or sandbox")
        }
        self.init(
            token: proto.token, platform: platform, apnsEnvironment: environment, topic: proto.topic.isEmpty ? nil : proto.topic,
            language: proto.language)
    }
}

extension InboxNotification {
    var proto: Roam_Notifications_V1_Notification {
        .with {
            $0.id = id.lowercasedString
            $0.kind = kind
            $0.data = data
            $0.threadID = threadID
            $0.createdAt = .init(date: createdAt)
            if let readAt { $0.readAt = .init(date: readAt) }
        }
    }
}

extension NotificationSettings {
    var proto: Roam_Notifications_V1_Settings {
        .with {
            $0.mutedKinds = mutedKinds.sorted()
            if let quietHours {
                $0.quietHours = .with {
                    $0.start = quietHours.start.text
                    $0.end = quietHours.end.text
                }
            }
            $0.timeZone = timeZone
            $0.pushPaused = pushPaused
        }
    }
}

extension SettingsChanges {
    init(_ proto: Roam_Notifications_V1_UpdateSettingsRequest) throws(RoamError) {
        var quietHours: QuietHours??
        if proto.removeQuietHours {
            quietHours = .some(nil)
        } else if proto.hasQuietHours {
            quietHours = QuietHours(
                start: try ClockTime(proto.quietHours.start, field: "quiet_hours.start"),
                end: try ClockTime(proto.quietHours.end, field: "quiet_hours.end"))
        }
        self.init(
            mutedKinds: proto.setMutedKinds ? Set(proto.mutedKinds) : nil, quietHours: quietHours,
            timeZone: proto.hasTimeZone ? proto.timeZone : nil, pushPaused: proto.hasPushPaused ? proto.pushPaused : nil)
    }
}

extension Publication {
    init(_ proto: Roam_Notifications_V1_Publication, index: Int) throws(RoamError) {
        self.init(
            userID: try UUID(field: "publications[\(index)].user_id", proto.userID), kind: proto.kind, key: proto.key, data: proto.data,
            threadID: proto.threadID, at: proto.hasAt ? proto.at.date : Date(), timeZone: proto.timeZone.isEmpty ? nil : proto.timeZone,
            group: proto.group.isEmpty ? nil : proto.group)
    }
}
