import Foundation
import GRPCCore
import RoamCore
import RoamProto
import RoamRuntime

/// The diary's views in one call each: the trips part of the gateway's day page, a trip's days in
/// totals, a month of the calendar. `TripDiaryService` decides what is read; this converts.
extension TripsGRPCService {
    public func getDay(request: Roam_Trips_V1_GetDayRequest, context _: ServerContext) async throws -> Roam_Trips_V1_GetDayResponse {
        let tripID = try UUID(field: "trip_id", request.tripID)
        let date = try LocalDate(field: "date", request.date)
        guard request.pageSize >= 0 else { throw RoamError.invalidField("page_size", "must not be negative") }
        let page = PageRequest(size: request.pageSize == 0 ? 100 : min(Int(request.pageSize), PageRequest.maximumSize))
        let day = try await diary.day(date, ofTrip: tripID, owner: caller(), page: page)
        return .with {
            $0.date = request.date
            $0.phase =
                switch day.phase {
                case .past: .past
                case .today: .today
                case .future: .future
                }
            $0.itinerary = ItineraryItem.protos(day.itinerary, saved: day.savedPlaces)
            guard let record = day.record else {
                $0.savedPlaces = day.savedPlaces.map(\.proto)
                return
            }
            $0.journalEntries = record.journalEntries.items.map { $0.proto(titles: record.tagTitles, cover: record.journalCovers[$0.id]) }
            $0.journalPage = .init(cursor: record.journalEntries.nextCursor)
            $0.pins = record.pins.items.map { $0.proto(zone: day.zone, cover: record.pinCovers[$0.id]) }
            $0.pinsPage = .init(cursor: record.pins.nextCursor)
            $0.route = record.route.proto
            $0.track = record.track.proto(day.date)
        }
    }

    public func summarizeTrip(
        request: Roam_Trips_V1_SummarizeTripRequest, context _: ServerContext
    ) async throws
        -> Roam_Trips_V1_SummarizeTripResponse
    {
        let summary = try await diary.summary(ofTrip: UUID(field: "trip_id", request.tripID), owner: caller())
        return .with {
            $0.trip = summary.trip.proto(at: trips.now())
            $0.days = summary.days.map { day in
                .with {
                    $0.date = day.date.description
                    $0.pins = Int32(clamping: day.pins)
                    $0.journalEntries = Int32(clamping: day.journalEntries)
                    $0.itineraryItems = Int32(clamping: day.itineraryItems)
                    $0.distanceMeters = day.distanceMeters
                }
            }
            $0.distanceMeters = summary.distanceMeters
        }
    }

    public func getCalendar(request: Roam_Trips_V1_GetCalendarRequest, context _: ServerContext) async throws -> Roam_Trips_V1_GetCalendarResponse {
        let entries = try await diary.calendar(request.month, owner: caller())
        let now = trips.now()
        return .with {
            $0.month = request.month
            $0.trips = entries.map { entry in
                .with {
                    $0.trip = entry.trip.proto(at: now)
                    $0.days = entry.days.map { day in
                        .with {
                            $0.date = day.description
                            $0.pins = Int32(clamping: entry.pinCounts[day] ?? 0)
                            $0.journalEntries = Int32(clamping: entry.journalEntryCounts[day] ?? 0)
                        }
                    }
                }
            }
        }
    }
}
