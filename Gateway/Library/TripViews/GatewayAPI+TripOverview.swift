import Foundation
import RoamAPI
import RoamProto
import RoamRuntime

/// `GET /v1/trips/{id}/calendar` and `/summary`: the whole trip from trips, media and budget at once,
/// each part with its status (a part that fails or is late leaves its figures out, not the page).
extension GatewayAPI {
    func getTripCalendar(_ input: Operations.GetTripCalendar.Input) async throws -> Operations.GetTripCalendar.Output {
        let trip = try await tripAnchor(input.path.id)
        let results = await FanOut.gather(
            within: fanOutTimeout, tripDaysPart(trip), photoDaysPart(trip),
            FanOut.Part("budget") {
                try await budget.call(idempotent: true) { client, options in
                    try await client.getCalendar(.with { $0.tripID = trip.trip.id }, options: options)
                }
            })
        let (tripDays, photoDays, budgetDays) = (try? results.0.get(), try? results.1.get(), try? results.2.get())
        let byDate = (
            trips: Dictionary(uniqueKeysWithValues: (tripDays?.days ?? []).map { ($0.date, $0) }),
            photos: Dictionary(uniqueKeysWithValues: (photoDays?.days ?? []).map { ($0.date, $0) }),
            budget: Dictionary(uniqueKeysWithValues: (budgetDays?.days ?? []).map { ($0.date, $0) })
        )
        let days = Self.dates(of: trip).map { date in
            let tripDay = byDate.trips[date], budgetDay = byDate.budget[date]
            return Components.Schemas.TripCalendarDay(
                date: date, photos: photoDays.map { _ in Int(byDate.photos[date]?.photoCount ?? 0) },
                journalEntries: tripDay.map { Int($0.journalEntries) }, pins: tripDay.map { Int($0.pins) },
                itineraryItems: tripDay.map { Int($0.itineraryItems) }, expenses: budgetDay.map { Int($0.expenseCount) },
                spent: budgetDay.map { .init($0.spent) })
        }
        return .ok(.init(body: .json(.init(trip: .init(trip.trip), parts: .init(additionalProperties: Self.statuses(results)), days: days))))
    }

    func getTripSummary(_ input: Operations.GetTripSummary.Input) async throws -> Operations.GetTripSummary.Output {
        let trip = try await tripAnchor(input.path.id)
        let results = await FanOut.gather(
            within: fanOutTimeout, tripDaysPart(trip), photoDaysPart(trip),
            FanOut.Part("budget") {
                try await budget.call(idempotent: true) { client, options in
                    try await client.getStatistics(.with { $0.tripID = trip.trip.id }, options: options)
                }
            })
        let (tripDays, photoDays, statistics) = (try? results.0.get(), try? results.1.get(), try? results.2.get())
        let trips = Dictionary(uniqueKeysWithValues: (tripDays?.days ?? []).map { ($0.date, $0) })
        let photos = Dictionary(uniqueKeysWithValues: (photoDays?.days ?? []).map { ($0.date, $0) })
        let days = Self.dates(of: trip).map { date in
            Components.Schemas.TripSummaryDay(
                date: date, cover: photos[date].map { Components.Schemas.Media($0.cover, links: mediaLinks) },
                photos: photoDays.map { _ in Int(photos[date]?.photoCount ?? 0) },
                journalEntries: trips[date].map { Int($0.journalEntries) }, pins: trips[date].map { Int($0.pins) },
                distanceMeters: trips[date]?.distanceMeters)
        }
        return .ok(
            .init(
                body: .json(
                    .init(
                        trip: .init(trip.trip), parts: .init(additionalProperties: Self.statuses(results)), dayCount: days.count,
                        distanceMeters: tripDays?.distanceMeters, photos: photoDays.map { $0.days.reduce(0) { $0 + Int($1.photoCount) } },
                        journalEntries: tripDays.map { $0.days.reduce(0) { $0 + Int($1.journalEntries) } },
                        pins: tripDays.map { $0.days.reduce(0) { $0 + Int($1.pins) } }, expenses: statistics.map { Int($0.expenseCount) },
                        spent: statistics.map { .init($0.spent) },
                        spendByCategory: statistics.map { $0.categories.map(Components.Schemas.CategorySpending.init) },
                        days: days))))
    }

    /// Trips' part: every day's counts and distance.
    func tripDaysPart(_ trip: TripAnchor) -> FanOut.Part<Roam_Trips_V1_SummarizeTripResponse> {
        FanOut.Part("trips") {
            try await trips.call(idempotent: true) { client, options in
                try await client.summarizeTrip(.with { $0.tripID = trip.trip.id }, options: options)
            }
        }
    }

    /// Media's part: the owner's photos per local day of the trip, with a cover each.
    func photoDaysPart(_ trip: TripAnchor) -> FanOut.Part<Roam_Media_V1_SummarizeDaysResponse> {
        FanOut.Part("media") {
            try await media.call(idempotent: true) { client, options in
                try await client.summarizeDays(
                    .with {
                        $0.fromDate = trip.start.description
                        $0.toDate = trip.end.description
                        $0.timeZone = trip.zone.identifier
                    }, options: options)
            }
        }
    }

    /// Each part's status as clients see it: trips', media's and budget's.
    static func statuses<A, B, C>(
        _ results: (Result<A, RoamError>, Result<B, RoamError>, Result<C, RoamError>)
    )
        -> [String: Components.Schemas.PartStatus]
    {
        ["trips": .init(PartStatus(results.0)), "media": .init(PartStatus(results.1)), "budget": .init(PartStatus(results.2))]
    }

    static func dates(of trip: TripAnchor) -> [String] {
        (0...trip.start.days(to: trip.end)).map { trip.start.adding(days: $0).description }
    }
}
