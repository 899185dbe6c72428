/// The events routes in the OpenAPI document.
enum EventsOperations {
    private static let page: [APIOperation.QueryParameter] = [
        .init(name: "pageSize", description: "1 to 100, default 20", schema: ["type": "integer", "minimum": 1, "maximum": 100]),
        .init(name: "pageToken", description: "`nextPageToken` of the previous page"),
    ]

    private static let discovery: [APIOperation.QueryParameter] = [
        .init(name: "lat", description: "Latitude in degrees", schema: JSONSchema.number, required: true),
        .init(name: "lng", description: "Longitude in degrees", schema: JSONSchema.number, required: true),
        .init(name: "accuracy", description: "The position's accuracy in metres", schema: JSONSchema.number),
        .init(name: "within", description: "Metres: list every event within this distance (a map) instead of those whose area you are in",
              schema: JSONSchema.number),
    ] + page

    static let all: [APIOperation] = [
        APIOperation(method: "POST", path: "/v1/events", id: "createEvent",
                     summary: "Create an event you host (send an `Idempotency-Key` header to retry safely)",
                     tag: "events", authenticated: true, request: "CreateEventRequest", status: 201, response: "Event", errors: [422]),
        APIOperation(method: "GET", path: "/v1/events/nearby", id: "discoverEvents",
                     summary: "Live events whose area contains the position, or (with `within`) events near it; nearest first",
                     tag: "events", authenticated: true, status: 200, response: "EventPage", query: discovery),
        APIOperation(method: "GET", path: "/v1/events/{id}", id: "getEvent",
                     summary: "One event; a private one shows outsiders only its name, size and lock",
                     tag: "events", authenticated: true, status: 200, response: "Event", errors: [403, 404]),
        APIOperation(method: "PATCH", path: "/v1/events/{id}", id: "updateEvent", summary: "Change an event you host (absent fields stay)",
                     tag: "events", authenticated: true, request: "EventChanges", status: 200, response: "Event", errors: [403, 404, 422]),
        APIOperation(method: "DELETE", path: "/v1/events/{id}", id: "deleteEvent",
                     summary: "End an event you host now; everything in it is deleted", tag: "events", authenticated: true, status: 204,
                     errors: [403, 404]),
        APIOperation(method: "POST", path: "/v1/events/{id}/join", id: "joinEvent",
                     summary: "Join from where you stand (202 when put on the waitlist)", tag: "events", authenticated: true,
                     request: "JoinRequest", status: 200, response: "JoinResult", errors: [403, 404, 409, 422]),
        APIOperation(method: "POST", path: "/v1/events/{id}/leave", id: "leaveEvent", summary: "Leave the event or its waitlist",
                     tag: "events", authenticated: true, status: 204, errors: [404, 409]),
        APIOperation(method: "POST", path: "/v1/me/location", id: "reportLocation",
                     summary: "Report where you are; says which events you left because you walked out", tag: "events",
                     authenticated: true, request: "Position", status: 200, response: "Presence"),
        APIOperation(method: "GET", path: "/v1/me/events", id: "myEvents", summary: "Events you host, belong to or wait for",
                     tag: "events", authenticated: true, status: 200, response: "MyEvents"),
        APIOperation(method: "GET", path: "/v1/me/notifications/stream", id: "notificationStream",
                     summary: "Server-Sent Events: removed, banned, event changed or ended, admitted; members joining and leaving for hosts",
                     tag: "events", authenticated: true, status: 200, response: "Notification", responseContentType: "text/event-stream"),
        APIOperation(method: "GET", path: "/v1/events/{id}/members", id: "listMembers", summary: "Members (host only)",
                     tag: "moderation", authenticated: true, status: 200, response: "MemberPage", query: page, errors: [403, 404]),
        APIOperation(method: "POST", path: "/v1/events/{id}/reports", id: "reportMember",
                     summary: "Report another member; enough distinct reporters ban them", tag: "moderation", authenticated: true,
                     request: "ReportRequest", status: 201, response: "ReportResult", errors: [403, 404, 409, 422]),
        APIOperation(method: "GET", path: "/v1/events/{id}/reports", id: "listReports", summary: "Reports, newest first (host only)",
                     tag: "moderation", authenticated: true, status: 200, response: "ReportPage", query: page, errors: [403, 404]),
        APIOperation(method: "PUT", path: "/v1/events/{id}/bans/{userId}", id: "banMember",
                     summary: "Ban a user from the event (host only; idempotent)", tag: "moderation", authenticated: true, status: 204,
                     errors: [403, 404, 409, 422]),
        APIOperation(method: "DELETE", path: "/v1/events/{id}/bans/{userId}", id: "unbanMember", summary: "Lift a ban (host only)",
                     tag: "moderation", authenticated: true, status: 204, errors: [403, 404]),
        APIOperation(method: "GET", path: "/v1/events/{id}/bans", id: "listBans", summary: "Bans, newest first (host only)",
                     tag: "moderation", authenticated: true, status: 200, response: "BanPage", query: page, errors: [403, 404]),
    ]
}
