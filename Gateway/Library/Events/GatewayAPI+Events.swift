import RoamAPI
import RoamProto
import RoamRuntime

/// `/v1/events…` and the caller's own events and position: creating, discovering, joining, leaving.
extension GatewayAPI {
    func createEvent(_ input: Operations.CreateEvent.Input) async throws -> Operations.CreateEvent.Output {
        let body =
            switch input.body {
            case .json(let body): body
            }
        let capacity = try int32(body.capacity, field: "capacity")
        let response = try await events.call { client, options in
            try await client.createEvent(
                .with {
                    $0.idempotencyKey = input.headers.idempotencyKey ?? ""
                    $0.name = body.name
                    $0.description_p = body.description ?? ""
                    $0.center = body.center.proto
                    $0.radiusMeters = body.radiusMeters
                    $0.capacity = capacity
                    if let startsAt = body.startsAt { $0.startsAt = .init(date: startsAt) }
                    $0.durationSeconds = Int64(body.durationSeconds)
                    $0.visibility = body.visibility.map { $0 == ._private ? .private : .public } ?? .unspecified
                    $0.password = body.password ?? ""
                    $0.theme = body.theme ?? ""
                    $0.bannerMediaID = body.bannerMediaId ?? ""
                    $0.tags = body.tags ?? []
                    if let walk = body.groupWalk {
                        $0.groupWalk = .with {
                            $0.walkID = walk.walkId
                            $0.privacy =
                                switch walk.privacy {
                                case .everyone: .everyone
                                case .friends: .friends
                                case .invited: .invited
                                }
                        }
                    }
                }, options: options)
        }
        return .created(.init(body: .json(.init(response.event, links: mediaLinks))))
    }

    func discoverEvents(_ input: Operations.DiscoverEvents.Input) async throws -> Operations.DiscoverEvents.Output {
        let query = input.query
        let page = PageQuery(size: query.pageSize, token: query.pageToken)
        let position = Roam_Common_V1_ReportedPosition(latitude: query.lat, longitude: query.lng, accuracyMeters: query.accuracy ?? 0)
        let response = try await renamingFields(as: Operations.DiscoverEvents.Input.Query.self) {
            try await events.call(idempotent: true) { client, options in
                if let within = query.within {
                    return try await client.listEventsNearby(
                        .with {
                            $0.position = position.position
                            $0.withinMeters = within
                            $0.page = page.proto
                        }, options: options)
                }
                return try await client.listEventsHere(
                    .with {
                        $0.position = position
                        $0.page = page.proto
                    }, options: options)
            }
        }
        return .ok(.init(body: .json(.init(response, links: mediaLinks))))
    }

    func getEvent(_ input: Operations.GetEvent.Input) async throws -> Operations.GetEvent.Output {
        let response = try await events.call(idempotent: true) { client, options in
            try await client.getEvent(.with { $0.eventID = input.path.id }, options: options)
        }
        return .ok(.init(body: .json(.init(response.event, links: mediaLinks))))
    }

    func updateEvent(_ input: Operations.UpdateEvent.Input) async throws -> Operations.UpdateEvent.Output {
        let body =
            switch input.body {
            case .json(let body): body
            }
        let capacity = try body.capacity.map { value throws(RoamError) in try int32(value, field: "capacity") }
        let response = try await events.call { client, options in
            try await client.updateEvent(
                .with {
                    $0.eventID = input.path.id
                    if let name = body.name { $0.name = name }
                    if let description = body.description { $0.description_p = description }
                    if let banner = body.bannerMediaId { $0.bannerMediaID = banner }
                    if let theme = body.theme { $0.theme = theme }
                    $0.visibility = body.visibility.map { $0 == ._private ? .private : .public } ?? .unspecified
                    if let password = body.password { $0.password = password }
                    if let capacity { $0.capacity = capacity }
                    if let tags = body.tags {
                        $0.tags = tags
                        $0.replaceTags = true
                    }
                }, options: options)
        }
        return .ok(.init(body: .json(.init(response.event, links: mediaLinks))))
    }

    func deleteEvent(_ input: Operations.DeleteEvent.Input) async throws -> Operations.DeleteEvent.Output {
        _ = try await events.call { client, options in try await client.deleteEvent(.with { $0.eventID = input.path.id }, options: options) }
        return .noContent(.init())
    }

    func joinEvent(_ input: Operations.JoinEvent.Input) async throws -> Operations.JoinEvent.Output {
        let body =
            switch input.body {
            case .json(let body): body
            }
        // A position is all three fields or none (a group walk needs none; an event with a fence says it is required).
        var validation = Validation()
        let given = [("latitude", body.latitude), ("longitude", body.longitude), ("accuracyMeters", body.accuracyMeters)]
        if given.contains(where: { $0.1 != nil }) {
            for (name, value) in given where value == nil { validation.fail(name, "is required with the position's other fields") }
        }
        try validation.check()
        let response = try await renamingFields(as: Components.Schemas.JoinRequest.self) {
            try await events.call { client, options in
                try await client.joinEvent(
                    .with {
                        $0.eventID = input.path.id
                        if let latitude = body.latitude, let longitude = body.longitude, let accuracy = body.accuracyMeters {
                            $0.position = .init(latitude: latitude, longitude: longitude, accuracyMeters: accuracy)
                        }
                        $0.password = body.password ?? ""
                        $0.waitlistIfFull = body.waitlistIfFull ?? false
                    }, options: options)
            }
        }
        let result = Components.Schemas.JoinResult(response, links: mediaLinks)
        return response.outcome == .waitlisted ? .accepted(.init(body: .json(result))) : .ok(.init(body: .json(result)))
    }

    func leaveEvent(_ input: Operations.LeaveEvent.Input) async throws -> Operations.LeaveEvent.Output {
        _ = try await events.call { client, options in try await client.leaveEvent(.with { $0.eventID = input.path.id }, options: options) }
        return .noContent(.init())
    }

    func reportLocation(_ input: Operations.ReportLocation.Input) async throws -> Operations.ReportLocation.Output {
        let body =
            switch input.body {
            case .json(let body): body
            }
        let response = try await renamingFields(as: Components.Schemas.Position.self) {
            try await events.call { client, options in
                try await client.reportPosition(
                    .with {
                        $0.position = .init(latitude: body.latitude, longitude: body.longitude, accuracyMeters: body.accuracyMeters)
                    }, options: options)
            }
        }
        return .ok(.init(body: .json(.init(response))))
    }

    func myEvents(_ input: Operations.MyEvents.Input) async throws -> Operations.MyEvents.Output {
        let response = try await events.call(idempotent: true) { client, options in
            try await client.listMyEvents(.init(), options: options)
        }
        return .ok(
            .init(
                body: .json(
                    .init(
                        hosting: response.hosting.map { .init($0, links: mediaLinks) },
                        memberOf: response.memberOf.map { .init($0, links: mediaLinks) },
                        waitlisted: response.waitlisted.map { .init($0, links: mediaLinks) }))))
    }
}
