import Foundation
import RoamProto
import RoamRuntime

/// `GET /v1/trips/{id}/days/{date}`: a day of a trip from trips, media and budget at once. The trip is
/// read first (it decides the day's zone and whether the day is the trip's); then every part is asked
/// concurrently under `FANOUT_TIMEOUT`, and a part that fails or is late is reported, not fatal.
extension GatewayAPI {
    /// The most photos, pins and entries a day shows.
    static var dayItemLimit: Int { 500 }

    func getTripDay(_ input: Operations.GetTripDay.Input) async throws -> Operations.GetTripDay.Output {
        let trip = try await tripAnchor(input.path.id)
        guard let date = LocalDate(input.path.date) else { throw RoamError.invalidField("date", "must be a date such as 2026-07-14") }
        guard trip.start <= date && date <= trip.end else {
            throw RoamError(.notFound, reason: "NOT_FOUND", message: "\(date) is not a day of this trip (\(trip.start) to \(trip.end))")
        }
        let today = trip.zone.date(of: Date())
        let when: Components.Schemas.TripDay.WhenPayload = date < today ? .past : date == today ? .today : .future
        let id = input.path.id, day = date.description
        var parts: [FanOut.Part<TripViewPart>] = []
        if when != .future {
            parts.append(FanOut.Part("photos") { .photos(try await dayPhotos(on: date, in: trip.zone)) })
            parts.append(FanOut.Part("journal") { .journal(try await dayEntries(trip: id, on: day)) })
            parts.append(FanOut.Part("pins") { .pins(try await dayPins(trip: id, on: day)) })
            parts.append(FanOut.Part("route") {
                .route(try .init(try await trips.call(idempotent: true) { client, options in
                    try await client.getDayRoute(.with { $0.tripID = id; $0.date = day }, options: options)
                }))
            })
            parts.append(FanOut.Part("track") {
                let response = try await trips.call(idempotent: true) { client, options in
                    try await client.getDayTrack(.with { $0.tripID = id; $0.date = day }, options: options)
                }
                return .track(.init(date: response.date, distanceMeters: response.distanceMeters, recordedPoints: Int(response.recordedPoints),
                                    segments: response.segments.map(Components.Schemas.TrackSegment.init)))
            })
        } else {
            parts.append(FanOut.Part("savedPlaces") {
                .savedPlaces(try await trips.call(idempotent: true) { client, options in
                    try await client.listSavedPlaces(.with { $0.tripID = id }, options: options)
                }.saved.map(Components.Schemas.SavedPlace.init))
            })
        }
        parts.append(FanOut.Part("itinerary") {
            .itinerary(try await trips.call(idempotent: true) { client, options in
                try await client.listItinerary(.with { $0.tripID = id }, options: options)
            }.items.filter { $0.date == day }.map(Components.Schemas.ItineraryItem.init))
        })
        parts.append(FanOut.Part("budget") {
            let response = try await budget.call(idempotent: true) { client, options in
                try await client.getDay(.with { $0.tripID = id; $0.date = day }, options: options)
            }
            return .dayBudget(.init(currency: response.spent.currencyCode, expenses: response.expenses.map(Components.Schemas.Expense.init),
                                    expenseCount: Int(response.expenseCount), spent: .init(response.spent),
                                    allowance: .init(response.allowance, present: response.hasAllowance)))
        })
        let results = await FanOut.gather(within: fanOutTimeout, parts)
        var view = Components.Schemas.TripDay(tripId: id, date: day, when: when, parts: .init(additionalProperties: results.mapValues { Components.Schemas.PartStatus(PartStatus($0)) }))
        for case .success(let part) in results.values {
            switch part {
            case .photos(let photos): view.photos = photos
            case .journal(let entries): view.journalEntries = entries
            case .pins(let pins): view.pins = pins
            case .route(let route): view.route = route
            case .track(let track): view.track = track
            case .itinerary(let items): view.itinerary = items
            case .savedPlaces(let places): view.savedPlaces = places
            case .dayBudget(let budget): view.budget = budget
            case .tripDays, .photoDays, .budgetDays, .budgetStatistics: break
            }
        }
        return .ok(.init(body: .json(view)))
    }

    /// The owner's photos taken on the trip's local `date`, earliest first, each with a signed link to
    /// its thumbnail (a day page shows thumbnails; signing all three variants of 500 photos was an
    /// eighth of the gateway's work on it).
    func dayPhotos(on date: LocalDate, in zone: TripZone) async throws -> [Components.Schemas.DayPhoto] {
        try await Self.pages(upTo: Self.dayItemLimit) { token in
            let response = try await media.call(idempotent: true) { client, options in
                try await client.listMyMedia(.with {
                    $0.oldestFirst = true
                    $0.takenOn = .with { $0.date = date.description; $0.timeZone = zone.identifier }
                    $0.page = .with { $0.pageSize = 100; $0.pageToken = token }
                }, options: options)
            }
            return (response.media.map { Components.Schemas.DayPhoto($0, links: mediaLinks) }, response.page.nextPageToken)
        }
    }

    func dayEntries(trip: String, on day: String) async throws -> [Components.Schemas.JournalEntry] {
        try await Self.pages(upTo: Self.dayItemLimit) { token in
            let response = try await trips.call(idempotent: true) { client, options in
                try await client.listJournalEntries(.with {
                    $0.tripID = trip
                    $0.date = day
                    $0.page = .with { $0.pageSize = 100; $0.pageToken = token }
                }, options: options)
            }
            return (response.entries.map { .init($0, links: mediaLinks) }, response.page.nextPageToken)
        }
    }

    func dayPins(trip: String, on day: String) async throws -> [Components.Schemas.Pin] {
        try await Self.pages(upTo: Self.dayItemLimit) { token in
            let response = try await trips.call(idempotent: true) { client, options in
                try await client.listPins(.with {
                    $0.tripID = trip
                    $0.date = day
                    $0.page = .with { $0.pageSize = 100; $0.pageToken = token }
                }, options: options)
            }
            return (response.pins.map { .init($0, links: mediaLinks) }, response.page.nextPageToken)
        }
    }

    /// A listing read page after page (`page` gets the token, empty first) until it ends or `limit` items are in.
    static func pages<Item>(upTo limit: Int, _ page: (String) async throws -> (items: [Item], next: String)) async throws -> [Item] {
        var items: [Item] = [], token = ""
        repeat {
            let (more, next) = try await page(token)
            items += more
            token = next
        } while !token.isEmpty && items.count < limit
        return Array(items.prefix(limit))
    }

    /// The trip a composite view is about, read from trips first: someone else's is 404 as usual.
    func tripAnchor(_ id: String) async throws -> TripAnchor {
        let response = try await renamingFields(Self.tripPathFields) {
            try await trips.call(idempotent: true) { client, options in
                try await client.getTrip(.with { $0.tripID = id }, options: options)
            }
        }
        guard let anchor = TripAnchor(response.trip) else {
            throw RoamError(.internal, reason: "INTERNAL", message: "trips answered a trip the gateway cannot read")
        }
        return anchor
    }
}
