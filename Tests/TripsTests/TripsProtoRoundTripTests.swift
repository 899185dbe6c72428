import Foundation
import GRPCCore
import RoamProto
import RoamRuntime
import RoamTesting
import Testing

@testable import Trips

/// Every field of a trip's and a pin's messages through trips' adapter into the store and back:
/// requests with every field set (`ProtoFill`, from the descriptors), the stored trip and pin with no
/// member unset, answers with no field unset and each sent field as sent, an edit of every field
/// changing each, and an edit of none changing nothing.
@Suite struct TripsProtoRoundTripTests {
    let store = InMemoryTripStore()
    let media = InMemoryMediaAttachments()

    func service(_ trips: TripService) -> TripsGRPCService {
        let pins = PinService(trips: trips, pins: store, tracks: store, photos: FixedTripPhotos(), media: media, places: store, policy: PinPolicy())
        return TripsGRPCService(
            trips: trips, pins: pins, tracks: TrackService(trips: trips, tracks: store, photos: FixedTripPhotos(), positions: FixedTripPhotos()),
            journal: JournalService(trips: trips, pins: pins, saved: store, journal: store, media: media),
            places: PlaceService(places: store), savedPlaces: SavedPlaceService(trips: trips, saved: store),
            itinerary: ItineraryService(trips: trips, itinerary: store, saved: store), notifications: UserStreams(), reminders: store)
    }

    static let point: [String: any Sendable] = ["latitude": 38.72, "longitude": -9.14]

    @Test func aTripAndAPinWithEveryFieldSetComeBackWhole() async throws {
        let tokens = await TestTokens()
        let owner = UUID()
        let trips = TripService(trips: store, now: { TripFixtures.utc("2026-07-12T10:00:00Z") })
        try await InProcessService.run([service(trips)], verifier: try await tokens.verifier(), anonymousMethods: []) { grpc, _ in
            let client = Roam_Trips_V1_TripsService.Client(wrapping: grpc)
            let metadata: Metadata = ["authorization": "Bearer \(try await tokens.userToken(owner))"]
            let create = try ProtoFill.every(
                Roam_Trips_V1_CreateTripRequest.self,
                values: [
                    "point": Self.point, "start_date": "2026-07-10", "end_date": "2026-07-16", "time_zone": "Europe/Lisbon",
                    "home_currency": "EUR",
                ])
            let created = try await client.createTrip(create, metadata: metadata).trip
            #expect(ProtoFill.unsetFields(of: created) == ["tracking"], "tracking is switched on by its own call")
            #expect(ProtoFill.differences(sent: create.trip, received: created).isEmpty)
            let tripID = try #require(UUID(uuidString: created.id))
            #expect(unsetMembers(of: try #require(try await store.trip(tripID, owner: owner))).isEmpty)

            let update = try ProtoFill.every(
                Roam_Trips_V1_UpdateTripRequest.self, variant: 2,
                values: [
                    "trip_id": created.id, "point": ["latitude": 41.15, "longitude": -8.61], "start_date": "2026-07-09",
                    "end_date": "2026-07-17", "time_zone": "Europe/Madrid", "home_currency": "USD",
                ])
            let updated = try await client.updateTrip(update, metadata: metadata).trip
            #expect(ProtoFill.unsetFields(of: updated) == ["tracking"])
            #expect(ProtoFill.differences(sent: update, received: updated, ignoring: ["trip_id"]).isEmpty)
            #expect(updated.destination == update.destination)
            let untouched = try await client.updateTrip(.with { $0.tripID = created.id }, metadata: metadata).trip
            #expect(untouched == updated, "an edit that sends nothing changes nothing")

            let cover = media.upload(for: owner)
            func ownPlace(_ name: String) async throws -> String {
                let id = UUID.v7()
                let details = PlaceDetails(
                    sourceID: Place.ownSourceID(id), name: name, category: .cafe, point: GeoPoint(latitude: 38.72, longitude: -9.14))
                return try await store.addOwnPlace(
                    Place(id: id, details: details, sourceRating: 0, sourceRatingCount: 0, ownerID: owner), idempotencyKey: nil
                )
                .id.lowercasedString
            }
            let (place, otherPlace) = (try await ownPlace("Tasca"), try await ownPlace("Café"))
            let pinCreate = try ProtoFill.every(
                Roam_Trips_V1_CreatePinRequest.self,
                values: [
                    "trip_id": created.id, "point": Self.point, "visited_at": "2026-07-11T10:00:00Z", "tags": ["food"],
                    "cover_media_id": cover.lowercasedString, "place_id": place,
                ])
            let pin = try await client.createPin(pinCreate, metadata: metadata).pin
            #expect(ProtoFill.unsetFields(of: pin) == [], "PinSource is the traveller's, the cover chosen")
            #expect(ProtoFill.differences(sent: pinCreate.pin, received: pin).isEmpty)
            let pinID = try #require(UUID(uuidString: pin.id))
            #expect(unsetMembers(of: try #require(try await store.pin(pinID, owner: owner))).isEmpty)

            let otherCover = media.upload(for: owner)
            let pinUpdate = try ProtoFill.every(
                Roam_Trips_V1_UpdatePinRequest.self, variant: 2,
                values: [
                    "trip_id": created.id, "pin_id": pin.id, "point": ["latitude": 41.15, "longitude": -8.61],
                    "visited_at": "2026-07-12T09:00:00Z", "tags": ["views"], "cover_media_id": otherCover.lowercasedString,
                    "place_id": otherPlace,
                ])
            let edited = try await client.updatePin(pinUpdate, metadata: metadata).pin
            #expect(ProtoFill.unsetFields(of: edited) == [])
            #expect(ProtoFill.differences(sent: pinUpdate, received: edited, ignoring: ["pin_id"]).isEmpty)
            #expect(edited.tags == ["views"] && edited.point == pinUpdate.point)
            let unedited = try await client.updatePin(
                .with {
                    $0.tripID = created.id
                    $0.pinID = pin.id
                }, metadata: metadata
            ).pin
            #expect(unedited == edited, "an edit that sends nothing changes nothing")
        }
    }
}
