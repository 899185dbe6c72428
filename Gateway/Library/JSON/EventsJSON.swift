import Foundation

// The JSON the moderation routes and the notification stream accept and return (the events routes
// themselves are generated from Gateway/openapi.yaml).

struct ReportMemberBody: Decodable {
    var userId: String
    /// spam, harassment, inappropriate or other.
    var reason: String
    var text: String?
}

struct MemberJSON: Codable {
    var userId: String
    var role: String
    var joinedAt: Date
    var lastSeenAt: Date
}

struct MemberPageJSON: Codable {
    var members: [MemberJSON]
    var nextPageToken: String?
}

struct ReportJSON: Codable {
    var reportId: String
    var reporterId: String
    var targetId: String
    var reason: String
    var text: String
    var createdAt: Date
}

struct ReportResultJSON: Codable {
    var report: ReportJSON
    var targetBanned: Bool
}

struct ReportPageJSON: Codable {
    var reports: [ReportJSON]
    var nextPageToken: String?
}

struct BanJSON: Codable {
    var userId: String
    var bannedBy: String?
    var createdAt: Date
}

struct BanPageJSON: Codable {
    var bans: [BanJSON]
    var nextPageToken: String?
}

struct NotificationJSON: Codable {
    /// connected, removed, banned, event_changed, event_ended, admitted, member_joined, member_left.
    var kind: String
    var eventId: String?
    var userId: String?
    var reason: String?
    var at: Date
}
