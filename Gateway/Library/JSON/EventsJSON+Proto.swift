import Foundation
import RoamProto
import RoamRuntime

/// Enum values in JSON are the proto value names without their prefix, in lower snake case.
enum WireName {
    static func reportReason(_ text: String) throws(RoamError) -> Roam_Events_V1_ReportReason {
        switch text {
        case "spam": .spam
        case "harassment": .harassment
        case "inappropriate": .inappropriate
        case "other": .other
        default: throw RoamError.invalidField("reason", "must be spam, harassment, inappropriate or other")
        }
    }
}

extension String {
    /// `leftFence` → `left_fence`.
    var snakeCased: String {
        reduce(into: "") { result, character in
            if character.isUppercase { result += "_" + character.lowercased() } else { result.append(character) }
        }
    }
}

extension ReportJSON {
    init(_ report: Roam_Events_V1_Report) {
        self.init(reportId: report.reportID, reporterId: report.reporterID, targetId: report.targetID,
                  reason: "\(report.reason)".snakeCased, text: report.text, createdAt: report.createdAt.date)
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
