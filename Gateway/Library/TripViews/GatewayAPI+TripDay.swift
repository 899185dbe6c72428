import Foundation
import RoamProto
import RoamRuntime

/// `GET /v1/trips/{id}/days/{date}`: a day of a trip from trips, media and budget at once. The trip is
/// read first (it decides the day's zone and whether the day is the trip's); then every part is asked
/// concurrently under `FANOUT_TIMEOUT`, and a part that fails or is late is reported, not fatal.
extension GatewayAPI {
    /// The most photos, pins and entries a day shows; `nextPageTokens` read on.
    static var dayPageSize: Int32 { 100 }

    func getTripDay(_ input: Operations.GetTripDay.Input) async throws -> Operations.GetTripDay.Output {
        let (trip, date) = try await tripDay(input.path.id, input.path.date)
        let today = trip.zone.date(of: Date())
        let when: Components.Schemas.TripDay.WhenPayload = date < today ? .past : date == today ? .today : .future
        let id = input.path.id, day = date.description
        var parts: [FanOut.Part<TripViewPart>] = []
        if when != .future {
            parts.append(FanOut.Part("photos") { .photos(try await dayPhotos(on: date, in: trip.zone, size: Self.dayPageSize, after: "")) })
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
        var more = Components.Schemas.TripDayPageTokens()
        for case .success(let part) in results.values {
            switch part {
            case .photos(let photos): (view.photos, more.photos) = (photos.items, photos.next)
            case .journal(let entries): (view.journalEntries, more.journalEntries) = (entries.items, entries.next)
            case .pins(let pins): (view.pins, more.pins) = (pins.items, pins.next)
            case .route(let route): view.route = route
            case .track(let track): view.track = track
            case .itinerary(let items): view.itinerary = items
            case .savedPlaces(let places): view.savedPlaces = places
            case .dayBudget(let budget): view.budget = budget
            case .tripDays, .photoDays, .budgetDays, .budgetStatistics: break
            }
        }
        if more.photos != nil || more.journalEntries != nil || more.pins != nil { view.nextPageTokens = more }
        return .ok(.init(body: .json(view)))
    }

    /// `GET /v1/trips/{id}/days/{date}/photos`: the day's photos after the first page the day shows.
    func listTripDayPhotos(_ input: Operations.ListTripDayPhotos.Input) async throws -> Operations.ListTripDayPhotos.Output {
        let (trip, date) = try await tripDay(input.path.id, input.path.date)
        let page = try await dayPhotos(on: date, in: trip.zone, size: Int32(input.query.pageSize ?? 100), after: input.query.pageToken ?? "")
        return .ok(.init(body: .json(.init(photos: page.items, nextPageToken: page.next))))
    }

    /// A page of the owner's photos taken on the trip's local `date`, earliest first, each with a signed
    /// link to its thumbnail (a day page shows thumbnails; signing all three variants was an eighth of
    /// the gateway's work on it), and the token of the next page when there is one.
    func dayPhotos(on date: LocalDate, in zone: TripZone, size: Int32, after token: String) async throws -> TripViewPart.Listed<Components.Schemas.DayPhoto> {
        let response = try await media.call(idempotent: true) { client, options in
            try await client.listMyMedia(.with {
                $0.oldestFirst = true
                $0.takenOn = .with { $0.date = date.description; $0.timeZone = zone.identifier }
                $0.page = .with { $0.pageSize = size; $0.pageToken = token }
            }, options: options)
        }
        return .init(response.media.map { Components.Schemas.DayPhoto($0, links: mediaLinks) }, next: response.page.nextPageToken)
    }

    /// The first page of the day's journal entries; its token reads on with `GET /v1/trips/{id}/journal?date=`.
    func dayEntries(trip: String, on day: String) async throws -> TripViewPart.Listed<Components.Schemas.JournalEntry> {
        let response = try await trips.call(idempotent: true) { client, options in
            try await client.listJournalEntries(.with {
                $0.tripID = trip
                $0.date = day
                $0.page = .with { $0.pageSize = Self.dayPageSize }
            }, options: options)
        }
        return .init(response.entries.map { .init($0, links: mediaLinks) }, next: response.page.nextPageToken)
    }

    /// The first page of the day's pins; its token reads on with `GET /v1/trips/{id}/pins?date=`.
    func dayPins(trip: String, on day: String) async throws -> TripViewPart.Listed<Components.Schemas.Pin> {
        let response = try await trips.call(idempotent: true) { client, options in
            try await client.listPins(.with {
                $0.tripID = trip
                $0.date = day
                $0.page = .with { $0.pageSize = Self.dayPageSize }
            }, options: options)
        }
        return .init(response.pins.map { .init($0, links: mediaLinks) }, next: response.page.nextPageToken)
    }

    /// The trip and the day of it a view is about: a day outside the trip is 404.
    func tripDay(_ id: String, _ day: String) async throws -> (TripAnchor, LocalDate) {
        let trip = try await tripAnchor(id)
        guard let date = LocalDate(day) else { throw RoamError.invalidField("date", "must be a date such as 2026-07-14") }
        guard trip.start <= date && date <= trip.end else {
            throw RoamError(.notFound, reason: "NOT_FOUND", message: "\(date) is not a day of this trip (\(trip.start) to \(trip.end))")
        }
        return (trip, date)
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
