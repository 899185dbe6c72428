import Foundation
import RoamAPI
import RoamProto
import RoamRuntime

/// `GET /v1/trips/{id}/days/{date}` (a plain route, `TripDayRoute`): a day of a trip from trips, media
/// and budget at once, one call to each. Trips and budget are asked together with the trip itself (each
/// checks ownership and the day on its own); media, which needs the trip's zone, as soon as the trip is
/// read. The trip decides the answer: someone else's, or a day outside it, is 404 and the other calls
/// are cancelled. Every part is under `FANOUT_TIMEOUT`; a part that fails or is late is reported, not fatal.
extension GatewayAPI {
    /// The most photos, pins and entries a day shows; `nextPageTokens` read on.
    static var dayPageSize: Int32 { 100 }

    /// The page `TripDayRoute` writes.
    func tripDayPage(id: String, day: String) async throws -> Components.Schemas.TripDay {
        let requested = try Self.pathDate(day)
        let anchor = Task { try await tripDay(id, requested) }
        // Journal, pins, route, track and itinerary (or saved places, for a day to come) in one answer.
        let tripsPart = FanOut.Part("trips") {
            try await trips.call(idempotent: true) { client, options in
                try await client.getDay(
                    .with {
                        $0.tripID = id; $0.date = day; $0.pageSize = Self.dayPageSize
                    }, options: options)
            }
        }
        let photosPart = FanOut.Part("photos") {
            let (trip, date) = try await anchor.value
            guard date <= trip.zone.date(of: Date()) else { return FirstPage<Components.Schemas.DayPhoto>([], next: "") }
            return try await dayPhotos(on: date, in: trip.zone, size: Self.dayPageSize, after: "")
        }
        let budgetPart = FanOut.Part("budget") {
            let response = try await budget.call(idempotent: true) { client, options in
                try await client.getDay(
                    .with {
                        $0.tripID = id; $0.date = day
                    }, options: options)
            }
            return Components.Schemas.DayBudget(
                currency: response.spent.currencyCode, expenses: response.expenses.map(Components.Schemas.Expense.init),
                expenseCount: Int(response.expenseCount), spent: .init(response.spent),
                allowance: .init(response.allowance, present: response.hasAllowance))
        }
        async let gathered = FanOut.gather(within: fanOutTimeout, tripsPart, photosPart, budgetPart)
        // Leaving by a throw cancels `gathered`: a stranger's trip costs no more than its 404.
        let (trip, date) = try await withTaskCancellationHandler {
            try await anchor.value
        } onCancel: {
            anchor.cancel()
        }
        let (tripsResult, photosResult, budgetResult) = await gathered
        let tripsDay = try? tripsResult.get()
        let today = trip.zone.date(of: Date())
        // Trips' own view of where the day stands wins: it chose which parts it read.
        let when: Components.Schemas.TripDay.WhenPayload =
            switch tripsDay?.phase {
            case .past: .past
            case .today: .today
            case .future: .future
            default: date < today ? .past : date == today ? .today : .future
            }
        // `gather` answers every part it was given, late ones as DEADLINE_EXCEEDED.
        var statuses: [String: Components.Schemas.PartStatus] = [:]
        let tripsStatus = Components.Schemas.PartStatus(PartStatus(tripsResult))
        for name in when == .future ? ["savedPlaces", "itinerary"] : ["journal", "pins", "route", "track", "itinerary"] {
            statuses[name] = tripsStatus
        }
        statuses["budget"] = Components.Schemas.PartStatus(PartStatus(budgetResult))
        if when != .future { statuses["photos"] = Components.Schemas.PartStatus(PartStatus(photosResult)) }
        var view = Components.Schemas.TripDay(tripId: id, date: date.description, when: when, parts: .init(additionalProperties: statuses))
        var more = Components.Schemas.TripDayPageTokens()
        if let tripsDay { view.add(tripsDay, links: mediaLinks, more: &more) }
        if when != .future, let photos = try? photosResult.get() {
            (view.photos, more.photos) = (photos.items, photos.next)
        }
        view.budget = try? budgetResult.get()
        if more.photos != nil || more.journalEntries != nil || more.pins != nil { view.nextPageTokens = more }
        return view
    }

    /// `GET /v1/trips/{id}/days/{date}/photos`: the day's photos after the first page the day shows.
    func listTripDayPhotos(_ input: Operations.ListTripDayPhotos.Input) async throws -> Operations.ListTripDayPhotos.Output {
        let (trip, date) = try await tripDay(input.path.id, Self.pathDate(input.path.date))
        let page = try await dayPhotos(on: date, in: trip.zone, size: Int32(input.query.pageSize ?? 100), after: input.query.pageToken ?? "")
        return .ok(.init(body: .json(.init(photos: page.items, nextPageToken: page.next))))
    }

    /// A page of the owner's photos taken on the trip's local `date`, earliest first, each with a signed
    /// link to its thumbnail (a day page shows thumbnails; signing all three variants was an eighth of
    /// the gateway's work on it), and the token of the next page when there is one.
    func dayPhotos(on date: LocalDate, in zone: TripZone, size: Int32, after token: String) async throws -> FirstPage<Components.Schemas.DayPhoto> {
        let response = try await media.call(idempotent: true) { client, options in
            try await client.listMyMedia(
                .with {
                    $0.oldestFirst = true
                    $0.takenOn = .with {
                        $0.date = date.description; $0.timeZone = zone.identifier
                    }
                    $0.page = .with {
                        $0.pageSize = size; $0.pageToken = token
                    }
                }, options: options)
        }
        return .init(response.media.map { Components.Schemas.DayPhoto($0, links: mediaLinks) }, next: response.page.nextPageToken)
    }

    /// The `date` a day view's path names.
    static func pathDate(_ day: String) throws(RoamError) -> LocalDate {
        guard let date = LocalDate(day) else { throw RoamError.invalidField("date", "must be a date such as 2026-07-14") }
        return date
    }

    /// The trip a day view is about, checked to hold `date`: a day outside the trip is 404.
    func tripDay(_ id: String, _ date: LocalDate) async throws -> (TripAnchor, LocalDate) {
        let trip = try await tripAnchor(id)
        guard trip.start <= date && date <= trip.end else {
            throw RoamError(.notFound, reason: "NOT_FOUND", message: "\(date) is not a day of this trip (\(trip.start) to \(trip.end))")
        }
        return (trip, date)
    }

    /// The trip a composite view is about, read from trips first: someone else's is 404 as usual.
    func tripAnchor(_ id: String) async throws -> TripAnchor {
        let response = try await trips.call(idempotent: true) { client, options in
            try await client.getTrip(.with { $0.tripID = id }, options: options)
        }
        guard let anchor = TripAnchor(response.trip) else {
            throw RoamError(.internal, reason: "INTERNAL", message: "trips answered a trip the gateway cannot read")
        }
        return anchor
    }
}
