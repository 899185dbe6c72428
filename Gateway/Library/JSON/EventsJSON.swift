import Foundation

// The JSON the events routes accept and return. Positions are `latitude`/`longitude` in degrees and
// `accuracyMeters`; optional request fields may be left out.

struct LatLngJSON: Codable {
    var latitude: Double
    var longitude: Double
}

struct PositionBody: Decodable {
    var latitude: Double
    var longitude: Double
    var accuracyMeters: Double
}

struct CreateEventBody: Decodable {
    var name: String
    var description: String?
    var center: LatLngJSON
    var radiusMeters: Double
    var capacity: Int32
    /// Absent: starts now.
    var startsAt: Date?
    var durationSeconds: Int64
    /// `public` (default) or `private`.
    var visibility: String?
    var password: String?
    var theme: String?
    var bannerMediaId: String?
    var tags: [String]?
}

struct UpdateEventBody: Decodable {
    var name: String?
    var description: String?
    var bannerMediaId: String?
    var theme: String?
    var visibility: String?
    var password: String?
    var capacity: Int32?
    var tags: [String]?
}

struct JoinEventBody: Decodable {
    var latitude: Double
    var longitude: Double
    var accuracyMeters: Double
    var password: String?
    var waitlistIfFull: Bool?
}

struct ReportMemberBody: Decodable {
    var userId: String
    /// spam, harassment, inappropriate or other.
    var reason: String
    var text: String?
}

struct EventJSON: Codable {
    var eventId: String
    var name: String
    var center: LatLngJSON
    var radiusMeters: Double
    var capacity: Int32
    var memberCount: Int32
    var startsAt: Date
    var endsAt: Date
    var visibility: String
    /// Private and you are not in it: the fields below are absent.
    var locked: Bool
    /// none, member, host, waitlisted.
    var myRole: String
    var hostId: String?
    var description: String?
    var theme: String?
    var bannerMediaId: String?
    var tags: [String]?
    var createdAt: Date?
}

struct EventSummaryJSON: Codable {
    var event: EventJSON
    var distanceMeters: Double
    var secondsLeft: Int64
    var inside: Bool
}

struct EventPageJSON: Codable {
    var events: [EventSummaryJSON]
    var nextPageToken: String?
}

struct MyEventsJSON: Codable {
    var hosting: [EventJSON]
    var memberOf: [EventJSON]
    var waitlisted: [EventJSON]
}

struct JoinResultJSON: Codable {
    /// joined, already_member or waitlisted.
    var outcome: String
    var waitlistPosition: Int32?
    var event: EventJSON
}

struct DepartureJSON: Codable {
    var eventId: String
    /// left_fence, no_position, banned, left, event_ended.
    var reason: String
}

struct PresenceJSON: Codable {
    var left: [DepartureJSON]
    var admittedEventIds: [String]
    var memberOfEventIds: [String]
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
