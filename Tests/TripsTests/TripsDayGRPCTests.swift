import Foundation
import GRPCCore
import RoamCore
import RoamProto
import RoamRuntime
import RoamTesting
import Testing

@testable import Trips

/// `GetDay`: one call answers what the day page asks trips for, the same as each call alone: a past
/// day's first page of journal entries and pins, its route (by its pins beyond that page, or along its
/// track), its track and that day's itinerary; a day to
/// come, its itinerary and the trip's saved places; nothing for someone else or outside the trip.
@Suite struct TripsDayGRPCTests {
    /// The service and store of the other gRPC tests.
    let harness = TripsGRPCTests()
    var store: InMemoryTripStore { harness.store }

    @Test func aPastDayIsEachCallsAnswerInOneAndADayToComeItsPlansOnly() async throws {
        let tokens = await TestTokens()
        let trips = TripService(trips: store, now: { TripFixtures.utc("2026-06-12T10:00:00Z") })
        let grpc = harness.service(trips)
        try await InProcessService.run([grpc], verifier: try await tokens.verifier(), anonymousMethods: []) { channel, _ in
            let client = Roam_Trips_V1_TripsService.Client(wrapping: channel)
            let asAna: Metadata = ["authorization": "Bearer \(try await tokens.userToken(UUID()))"]
            let asBo: Metadata = ["authorization": "Bearer \(try await tokens.userToken(UUID()))"]
            let trip = try await client.createTrip(
                .with {
                    $0.trip = .with {
                        $0.title = "Lisbon"
                        $0.destination = .with { $0.name = "Lisbon" }
                        $0.startDate = "2026-06-10"
                        $0.endDate = "2026-06-17"
                        $0.timeZone = "Europe/Lisbon"
                        $0.homeCurrency = "EUR"
                    }
                }, metadata: asAna
            ).trip.id
            // Three pins and three entries on 11 June (a page of two), one of each on 10 June.
            for (index, day) in ["2026-06-11", "2026-06-11", "2026-06-11", "2026-06-10"].enumerated() {
                _ = try await client.createPin(
                    .with {
                        $0.tripID = trip
                        $0.pin = .with {
                            $0.title = "Pin \(index)"
                            $0.description_p = "A place"
                            $0.point = .with {
                                $0.latitude = 38.70 + Double(index) / 100; $0.longitude = -9.14
                            }
                            $0.visitedAt = .init(date: TripFixtures.utc("\(day)T0\(index + 1):00:00Z"))
                        }
                    }, metadata: asAna)
                _ = try await client.createJournalEntry(
                    .with {
                        $0.tripID = trip
                        $0.entry = .with {
                            $0.title = "Entry \(index)"; $0.body = "Tiles."; $0.date = day
                        }
                    }, metadata: asAna)
            }
            _ = try await PlaceService(places: store).importPlaces([
                PlaceImport(sourceID: "n/1", name: "Tasca", category: "restaurant", point: GeoPoint(latitude: 38.71, longitude: -9.14))
            ])
            let place = try #require(
                try await store.places(matching: PlaceQuery(near: GeoPoint(latitude: 38.71, longitude: -9.14)), limit: 1).first?.place)
            _ = try await client.savePlace(
                .with {
                    $0.tripID = trip; $0.placeID = place.id.lowercasedString
                }, metadata: asAna)
            for date in ["2026-06-11", "2026-06-14"] {
                _ = try await client.addItineraryItem(
                    .with {
                        $0.tripID = trip; $0.placeID = place.id.lowercasedString; $0.date = date
                    }, metadata: asAna)
            }

            let day = try await client.getDay(
                .with {
                    $0.tripID = trip; $0.date = "2026-06-11"; $0.pageSize = 2
                }, metadata: asAna)
            let page = Roam_Common_V1_PageRequest.with { $0.pageSize = 2 }
            let entries = try await client.listJournalEntries(
                .with {
                    $0.tripID = trip; $0.date = "2026-06-11"; $0.page = page
                }, metadata: asAna)
            let pins = try await client.listPins(
                .with {
                    $0.tripID = trip; $0.date = "2026-06-11"; $0.page = page
                }, metadata: asAna)
            let route = try await client.getDayRoute(
                .with {
                    $0.tripID = trip; $0.date = "2026-06-11"
                }, metadata: asAna)
            let track = try await client.getDayTrack(
                .with {
                    $0.tripID = trip; $0.date = "2026-06-11"
                }, metadata: asAna)
            #expect(day.phase == .past && day.date == "2026-06-11")
            #expect(
                day.journalEntries == entries.entries && day.journalPage == entries.page && entries.entries.count == 2
                    && !entries.page.nextPageToken.isEmpty)
            #expect(day.pins == pins.pins && day.pinsPage == pins.page && pins.pins.count == 2 && !pins.page.nextPageToken.isEmpty)
            #expect(day.route == route && route.source == .pins && route.stops.count == 3)
            #expect(day.track == track)
            #expect(day.itinerary.map(\.date) == ["2026-06-11"], "that day's item only")
            #expect(day.savedPlaces.isEmpty, "saved places are for days to come")

            // A day with a recorded track draws its route along it, with its pin as a stop.
            _ = try await client.setTracking(
                .with {
                    $0.tripID = trip; $0.enabled = true
                }, metadata: asAna)
            _ = try await client.recordTrackPoints(
                .with {
                    $0.tripID = trip
                    $0.points = (0..<3).map { minute in
                        .with {
                            $0.at = .init(date: TripFixtures.utc("2026-06-10T09:0\(minute):00Z"))
                            $0.position = .with {
                                $0.latitude = 38.72 + Double(minute) / 1_000; $0.longitude = -9.14 + Double(minute) / 1_000
                            }
                            $0.accuracyMeters = 5
                        }
                    }
                }, metadata: asAna)
            let tracked = try await client.getDay(
                .with {
                    $0.tripID = trip; $0.date = "2026-06-10"
                }, metadata: asAna)
            let trackedRoute = try await client.getDayRoute(
                .with {
                    $0.tripID = trip; $0.date = "2026-06-10"
                }, metadata: asAna)
            #expect(tracked.route == trackedRoute && trackedRoute.source == .track && trackedRoute.stops.count == 1)
            #expect(
                tracked.track
                    == (try await client.getDayTrack(
                        .with {
                            $0.tripID = trip; $0.date = "2026-06-10"
                        }, metadata: asAna)))
            #expect(tracked.track.recordedPoints == 3)

            let today = try await client.getDay(
                .with {
                    $0.tripID = trip; $0.date = "2026-06-12"
                }, metadata: asAna)
            #expect(today.phase == .today && today.journalEntries.isEmpty && today.route.source == .none)

            let later = try await client.getDay(
                .with {
                    $0.tripID = trip; $0.date = "2026-06-14"
                }, metadata: asAna)
            #expect(later.phase == .future && later.itinerary.map(\.date) == ["2026-06-14"])
            #expect(later.savedPlaces.map(\.place.id) == [place.id.lowercasedString])
            #expect(later.journalEntries.isEmpty && later.pins.isEmpty && !later.hasRoute && !later.hasTrack)

            #expect(
                await rpcFailure {
                    _ = try await client.getDay(
                        .with {
                            $0.tripID = trip; $0.date = "2026-06-11"
                        }, metadata: asBo)
                }?.reason == "NOT_FOUND", "someone else's trip is not there")
            #expect(
                await rpcFailure {
                    _ = try await client.getDay(
                        .with {
                            $0.tripID = trip; $0.date = "2026-06-18"
                        }, metadata: asAna)
                }?.violations.map(\.field) == ["date"])
            #expect(
                await rpcFailure {
                    _ = try await client.getDay(
                        .with {
                            $0.tripID = trip; $0.date = "June"
                        }, metadata: asAna)
                }?.violations.map(\.field) == ["date"])
            #expect(
                await rpcFailure {
                    _ = try await client.getDay(
                        .with {
                            $0.tripID = trip; $0.date = "2026-06-11"; $0.pageSize = -1
                        }, metadata: asAna)
                }?.violations.map(\.field) == ["page_size"])
        }
    }
}
