import Foundation
import GRPCCore
import HTTPTypes
import Hummingbird
import RoamProto
import RoamRuntime

/// `/v1/events…` and the caller's own events and position: creating, discovering, joining, leaving.
struct EventRoutes<Transport: ClientTransport>: Sendable {
    let events: EventsCaller<Transport>

    func register(in table: RouteTable) {
        table.add(.post, "/v1/events") { request, context in
            _ = try context.requireUser()
            let body = try await JSONBody.decode(CreateEventBody.self, from: request, context: context)
            let visibility = try WireName.visibility(body.visibility)
            let key = request.headers[.idempotencyKey] ?? ""
            let response = try await events.call { client, options in
                try await client.createEvent(.with {
                    $0.idempotencyKey = key
                    $0.name = body.name
                    $0.description_p = body.description ?? ""
                    $0.center = body.center.proto
                    $0.radiusMeters = body.radiusMeters
                    $0.capacity = body.capacity
                    if let startsAt = body.startsAt { $0.startsAt = .init(date: startsAt) }
                    $0.durationSeconds = body.durationSeconds
                    $0.visibility = visibility
                    $0.password = body.password ?? ""
                    $0.theme = body.theme ?? ""
                    $0.bannerMediaID = body.bannerMediaId ?? ""
                    $0.tags = body.tags ?? []
                }, options: options)
            }
            return try json(EventJSON(response.event), status: .created)
        }
        table.add(.get, "/v1/events/nearby") { request, context in
            _ = try context.requireUser()
            let query = try DiscoveryQuery(request)
            let page = try PageQuery(request)
            let response = try await renamingFields(PositionFieldNames.query) { try await events.call(idempotent: true) { client, options in
                if let within = query.within {
                    return try await client.listEventsNearby(.with {
                        $0.position = query.position.proto.position
                        $0.withinMeters = within
                        $0.page = page.proto
                    }, options: options)
                }
                return try await client.listEventsHere(.with {
                    $0.position = query.position.proto
                    $0.page = page.proto
                }, options: options)
            } }
            return try json(EventPageJSON(response))
        }
        table.add(.get, "/v1/events/{id}") { _, context in
            _ = try context.requireUser()
            let id = try context.parameters.require("id")
            let response = try await events.call(idempotent: true) { client, options in
                try await client.getEvent(.with { $0.eventID = id }, options: options)
            }
            return try json(EventJSON(response.event))
        }
        table.add(.patch, "/v1/events/{id}") { request, context in
            _ = try context.requireUser()
            let id = try context.parameters.require("id")
            let body = try await JSONBody.decode(UpdateEventBody.self, from: request, context: context)
            let visibility = try WireName.visibility(body.visibility)
            let response = try await events.call { client, options in
                try await client.updateEvent(.with {
                    $0.eventID = id
                    if let name = body.name { $0.name = name }
                    if let description = body.description { $0.description_p = description }
                    if let banner = body.bannerMediaId { $0.bannerMediaID = banner }
                    if let theme = body.theme { $0.theme = theme }
                    $0.visibility = visibility
                    if let password = body.password { $0.password = password }
                    if let capacity = body.capacity { $0.capacity = capacity }
                    if let tags = body.tags {
                        $0.tags = tags
                        $0.replaceTags = true
                    }
                }, options: options)
            }
            return try json(EventJSON(response.event))
        }
        table.add(.delete, "/v1/events/{id}") { _, context in
            _ = try context.requireUser()
            let id = try context.parameters.require("id")
            _ = try await events.call { client, options in try await client.deleteEvent(.with { $0.eventID = id }, options: options) }
            return noContent()
        }
        table.add(.post, "/v1/events/{id}/join") { request, context in
            _ = try context.requireUser()
            let id = try context.parameters.require("id")
            let body = try await JSONBody.decode(JoinEventBody.self, from: request, context: context)
            let response = try await renamingFields(PositionFieldNames.body) {
                try await events.call { client, options in try await client.joinEvent(.with {
                    $0.eventID = id
                    $0.position = body.position.proto
                    $0.password = body.password ?? ""
                    $0.waitlistIfFull = body.waitlistIfFull ?? false
                }, options: options) }
            }
            let outcome = "\(response.outcome)".snakeCased
            return try json(JoinResultJSON(outcome: outcome, waitlistPosition: response.outcome == .waitlisted ? response.waitlistPosition : nil,
                                           event: EventJSON(response.event)),
                            status: response.outcome == .waitlisted ? .accepted : .ok)
        }
        table.add(.post, "/v1/events/{id}/leave") { _, context in
            _ = try context.requireUser()
            let id = try context.parameters.require("id")
            _ = try await events.call { client, options in try await client.leaveEvent(.with { $0.eventID = id }, options: options) }
            return noContent()
        }
        table.add(.post, "/v1/me/location") { request, context in
            _ = try context.requireUser()
            let body = try await JSONBody.decode(PositionBody.self, from: request, context: context)
            let response = try await renamingFields(PositionFieldNames.body) {
                try await events.call { client, options in try await client.reportPosition(.with { $0.position = body.proto }, options: options) }
            }
            return try json(PresenceJSON(left: response.left.map { DepartureJSON(eventId: $0.eventID, reason: "\($0.reason)".snakeCased) },
                                         admittedEventIds: response.admittedEventIds, memberOfEventIds: response.memberOfEventIds))
        }
        table.add(.get, "/v1/me/events") { _, context in
            _ = try context.requireUser()
            let response = try await events.call(idempotent: true) { client, options in
                try await client.listMyEvents(.init(), options: options)
            }
            return try json(MyEventsJSON(hosting: response.hosting.map(EventJSON.init), memberOf: response.memberOf.map(EventJSON.init),
                                         waitlisted: response.waitlisted.map(EventJSON.init)))
        }
    }
}

/// `?lat=&lng=[&accuracy=][&within=]`: without `within`, the events whose fence holds the position
/// (the home page); with it, the events within that many metres (a map).
struct DiscoveryQuery {
    var position: PositionBody
    var within: Double?

    init(_ request: Request) throws(RoamError) {
        var query = QueryReader(request)
        let latitude = query.number("lat", required: true)
        let longitude = query.number("lng", required: true)
        let accuracy = query.number("accuracy", required: false)
        within = query.number("within", required: false)
        try query.check()
        position = PositionBody(latitude: latitude ?? 0, longitude: longitude ?? 0, accuracyMeters: accuracy ?? 0)
    }
}

extension HTTPField.Name {
    static let idempotencyKey = Self("Idempotency-Key")!
}

/// Where the JSON body or query names a position's fields differently from the service.
enum PositionFieldNames {
    static let body = ["position": "latitude", "position.latitude": "latitude", "position.longitude": "longitude",
                       "position.accuracy_meters": "accuracyMeters"]
    static let query = ["position.latitude": "lat", "position.longitude": "lng", "position.accuracy_meters": "accuracy",
                        "within_meters": "within"]
}
