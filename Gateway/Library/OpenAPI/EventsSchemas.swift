/// JSON Schemas of the events routes' bodies.
enum EventsSchemas {
    typealias S = JSONSchema

    static let roles = ["none", "member", "host", "waitlisted", "banned"]
    static let departures = ["left_fence", "no_position", "banned", "left", "event_ended"]

    static let all: [String: OpenAPIValue] = [
        "LatLng": S.object(["latitude": S.number("Degrees", minimum: -90, maximum: 90), "longitude": S.number("Degrees", minimum: -180, maximum: 180)], required: ["latitude", "longitude"]),
        "Position": S.object([
            "latitude": S.number("Degrees", minimum: -90, maximum: 90), "longitude": S.number("Degrees", minimum: -180, maximum: 180),
            "accuracyMeters": S.number("The radius of the device's accuracy circle", minimum: 0),
        ], required: ["latitude", "longitude", "accuracyMeters"]),
        "CreateEventRequest": S.object([
            "name": S.string("1 to 80 characters", minLength: 1, maxLength: 80),
            "description": S.string("Up to 2,000 characters", maxLength: 2000),
            "center": S.ref("LatLng"),
            "radiusMeters": S.number("Metres (limits are configurable)", minimum: 20, maximum: 5000),
            "capacity": S.integer("Guests, the host included (limits are configurable)", minimum: 2, maximum: 10000),
            "startsAt": S.string("When it opens; now when absent; at most 30 days ahead", format: "date-time"),
            "durationSeconds": S.integer("How long it lasts (limits are configurable)", minimum: 900, maximum: 259_200),
            "visibility": S.enumeration(["public", "private"], "private events need `password`"),
            "password": S.string("At least 4 characters; private events only", minLength: 4),
            "theme": S.string("A palette name (default, sunset, ocean, forest, night, sand, berry, mono) or #RRGGBB"),
            "bannerMediaId": S.uuid,
            "tags": S.array(of: S.string("1 to 30 characters")),
        ], required: ["name", "center", "radiusMeters", "capacity", "durationSeconds"]),
        "EventChanges": S.object([
            "name": S.string("1 to 80 characters", minLength: 1, maxLength: 80),
            "description": S.string("Up to 2,000 characters", maxLength: 2000),
            "bannerMediaId": S.string("A media id, or empty to remove"),
            "theme": S.string("A palette name or #RRGGBB"),
            "visibility": S.enumeration(["public", "private"], "going private needs `password`"),
            "password": S.string("At least 4 characters", minLength: 4),
            "capacity": S.integer("Not below the current member count", minimum: 2, maximum: 10000),
            "tags": S.array(of: S.string),
        ], required: []),
        "Event": S.object([
            "eventId": S.uuid, "name": S.string, "center": S.ref("LatLng"), "radiusMeters": S.number, "capacity": S.int32,
            "memberCount": S.int32, "startsAt": S.dateTime, "endsAt": S.dateTime,
            "visibility": S.enumeration(["public", "private"]),
            "locked": ["type": "boolean", "description": "Private and you are not in it: the fields after `myRole` are absent"],
            "myRole": S.enumeration(roles),
            "hostId": S.uuid, "description": S.string, "theme": S.string, "bannerMediaId": S.uuid, "tags": S.array(of: S.string),
            "createdAt": S.dateTime,
        ], required: ["eventId", "name", "center", "radiusMeters", "capacity", "memberCount", "startsAt", "endsAt", "visibility",
                      "locked", "myRole"]),
        "EventSummary": S.object([
            "event": S.ref("Event"), "distanceMeters": S.number, "secondsLeft": S.int64,
            "inside": ["type": "boolean", "description": "The position is inside the event's area and the event is live"],
        ], required: ["event", "distanceMeters", "secondsLeft", "inside"]),
        "EventPage": S.object(["events": S.array(of: S.ref("EventSummary")), "nextPageToken": S.string("Absent on the last page")],
                              required: ["events"]),
        "MyEvents": S.object([
            "hosting": S.array(of: S.ref("Event")), "memberOf": S.array(of: S.ref("Event")), "waitlisted": S.array(of: S.ref("Event")),
        ], required: ["hosting", "memberOf", "waitlisted"]),
        "JoinRequest": S.object([
            "latitude": S.number("Degrees", minimum: -90, maximum: 90), "longitude": S.number("Degrees", minimum: -180, maximum: 180),
            "accuracyMeters": S.number("The radius of the device's accuracy circle; at most 100 by default", minimum: 0),
            "password": S.string("For a private event"),
            "waitlistIfFull": ["type": "boolean", "description": "Wait for a place instead of failing with EVENT_FULL"],
        ], required: ["latitude", "longitude", "accuracyMeters"]),
        "JoinResult": S.object([
            "outcome": S.enumeration(["joined", "already_member", "waitlisted"]),
            "waitlistPosition": ["type": "integer", "description": "1 for the first in line; only when waitlisted"],
            "event": S.ref("Event"),
        ], required: ["outcome", "event"]),
        "Presence": S.object([
            "left": S.array(of: S.object(["eventId": S.uuid, "reason": S.enumeration(departures)], required: ["eventId", "reason"])),
            "admittedEventIds": S.array(of: S.uuid),
            "memberOfEventIds": S.array(of: S.uuid),
        ], required: ["left", "admittedEventIds", "memberOfEventIds"]),
        "Notification": S.object([
            "kind": S.enumeration(["connected", "removed", "banned", "event_changed", "event_ended", "admitted", "member_joined",
                                   "member_left"], "Also the SSE `event:` name"),
            "eventId": S.uuid, "userId": S.uuid, "reason": S.enumeration(departures), "at": S.dateTime,
        ], required: ["kind", "at"]),
        "Member": S.object(["userId": S.uuid, "role": S.enumeration(["member", "host"]), "joinedAt": S.dateTime, "lastSeenAt": S.dateTime],
                           required: ["userId", "role", "joinedAt", "lastSeenAt"]),
        "MemberPage": S.object(["members": S.array(of: S.ref("Member")), "nextPageToken": S.string("Absent on the last page")],
                               required: ["members"]),
        "ReportRequest": S.object([
            "userId": S.uuid,
            "reason": S.enumeration(["spam", "harassment", "inappropriate", "other"]),
            "text": S.string("Up to 500 characters; required when the reason is other", maxLength: 500),
        ], required: ["userId", "reason"]),
        "Report": S.object([
            "reportId": S.uuid, "reporterId": S.uuid, "targetId": S.uuid,
            "reason": S.enumeration(["spam", "harassment", "inappropriate", "other"]), "text": S.string, "createdAt": S.dateTime,
        ], required: ["reportId", "reporterId", "targetId", "reason", "text", "createdAt"]),
        "ReportResult": S.object(["report": S.ref("Report"), "targetBanned": S.bool], required: ["report", "targetBanned"]),
        "ReportPage": S.object(["reports": S.array(of: S.ref("Report")), "nextPageToken": S.string("Absent on the last page")],
                               required: ["reports"]),
        "Ban": S.object(["userId": S.uuid, "bannedBy": S.string("Absent when reports reached the threshold"), "createdAt": S.dateTime],
                        required: ["userId", "createdAt"]),
        "BanPage": S.object(["bans": S.array(of: S.ref("Ban")), "nextPageToken": S.string("Absent on the last page")],
                            required: ["bans"]),
    ]
}
