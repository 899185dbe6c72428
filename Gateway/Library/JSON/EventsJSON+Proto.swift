import Foundation
import RoamProto
import RoamRuntime

extension String {
    /// `leftFence` → `left_fence`.
    var snakeCased: String {
        reduce(into: "") { result, character in
            if character.isUppercase { result += "_" + character.lowercased() } else { result.append(character) }
        }
    }
}

extension NotificationJSON {
    init(_ notification: Roam_Events_V1_Notification) {
        kind = "\(notification.kind)".snakeCased
        eventId = notification.eventID.isEmpty ? nil : notification.eventID
        userId = notification.userID.isEmpty ? nil : notification.userID
        reason = notification.reason == .unspecified ? nil : "\(notification.reason)".snakeCased
        at = notification.at.date
    }
}

extension Optional where Wrapped == String {
    /// A page token as JSON: absent when there are no more pages.
    static func pageToken(_ page: Roam_Common_V1_PageResponse) -> String? {
        page.nextPageToken.isEmpty ? nil : page.nextPageToken
    }
}
