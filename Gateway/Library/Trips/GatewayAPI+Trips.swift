import RoamAPI
import RoamProto
import RoamRuntime

/// `/v1/trips…` and `/v1/me/calendar`: the caller's own trips. The trips service answers someone
/// else's trip as one that does not exist.
extension GatewayAPI {
    func createTrip(_ input: Operations.CreateTrip.Input) async throws -> Operations.CreateTrip.Output {
        let body =
            switch input.body {
            case .json(let body): body
            }
        let response = try await trips.call { client, options in
            try await client.createTrip(
                .with {
                    $0.idempotencyKey = input.headers.idempotencyKey ?? ""
                    $0.trip = .with {
                        $0.title = body.title
                        $0.destination = body.destination.proto
                        $0.startDate = body.startDate
                        $0.endDate = body.endDate
                        $0.timeZone = body.timeZone
                        $0.homeCurrency = body.homeCurrency
                    }
                }, options: options)
        }
        return .created(.init(body: .json(.init(response.trip))))
    }

    func listMyTrips(_ input: Operations.ListMyTrips.Input) async throws -> Operations.ListMyTrips.Output {
        let query = input.query
        let page = PageQuery(size: query.pageSize, token: query.pageToken)
        let response = try await trips.call(idempotent: true) { client, options in
            try await client.listMyTrips(
                .with {
                    $0.phase =
                        switch query.phase {
                        case .upcoming: .upcoming
                        case .current: .current
                        case .past: .past
                        case nil: .unspecified
                        }
                    $0.page = page.proto
                }, options: options)
        }
        return .ok(
            .init(
                body: .json(
                    .init(
                        nextPageToken: .pageToken(response.page),
                        trips: response.trips.map(Components.Schemas.Trip.init)))))
    }

    func getTrip(_ input: Operations.GetTrip.Input) async throws -> Operations.GetTrip.Output {
        let response = try await trips.call(idempotent: true) { client, options in
            try await client.getTrip(.with { $0.tripID = input.path.id }, options: options)
        }
        return .ok(.init(body: .json(.init(response.trip))))
    }

    func updateTrip(_ input: Operations.UpdateTrip.Input) async throws -> Operations.UpdateTrip.Output {
        let body =
            switch input.body {
            case .json(let body): body
            }
        let response = try await trips.call { client, options in
            try await client.updateTrip(
                .with {
                    $0.tripID = input.path.id
                    if let title = body.title { $0.title = title }
                    if let destination = body.destination { $0.destination = destination.proto }
                    if let startDate = body.startDate { $0.startDate = startDate }
                    if let endDate = body.endDate { $0.endDate = endDate }
                    if let timeZone = body.timeZone { $0.timeZone = timeZone }
                    if let homeCurrency = body.homeCurrency { $0.homeCurrency = homeCurrency }
                }, options: options)
        }
        return .ok(.init(body: .json(.init(response.trip))))
    }

    func deleteTrip(_ input: Operations.DeleteTrip.Input) async throws -> Operations.DeleteTrip.Output {
        _ = try await trips.call(idempotent: true) { client, options in
            try await client.deleteTrip(.with { $0.tripID = input.path.id }, options: options)
        }
        return .noContent(.init())
    }

    func getMyCalendar(_ input: Operations.GetMyCalendar.Input) async throws -> Operations.GetMyCalendar.Output {
        let response = try await trips.call(idempotent: true) { client, options in
            try await client.getCalendar(.with { $0.month = input.query.month }, options: options)
        }
        return .ok(
            .init(
                body: .json(
                    .init(
                        month: response.month,
                        trips: response.trips.map { entry in
                            .init(
                                days: entry.days.map { .init(date: $0.date, journalEntries: Int($0.journalEntries), pins: Int($0.pins)) },
                                trip: .init(entry.trip))
                        }))))
    }
}
