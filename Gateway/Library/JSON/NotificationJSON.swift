import Foundation

// What the notification stream sends (the events operations themselves are generated from
// Gateway/openapi.yaml).

struct NotificationJSON: Codable {
    /// connected, removed, banned, event_changed, event_ended, admitted, member_joined, member_left.
    var kind: String
    var eventId: String?
    var userId: String?
    var reason: String?
    var at: Date
}
