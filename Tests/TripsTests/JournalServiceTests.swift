import Foundation
import RoamCore
import RoamTesting
import Testing

@testable import Trips

/// The journal through the domain (seed: an entry without a title or a body is refused), with media
/// attachments and a photo library in memory.
@Suite struct JournalServiceTests {
    let store = InMemoryTripStore()
    let media = InMemoryMediaAttachments()
    let library = FixedTripPhotos()
    let owner = UUID()
    var trips: TripService { TripService(trips: store, now: { TripFixtures.utc("2026-06-12T10:00:00Z") }) }
    var pins: PinService { PinService(trips: trips, pins: store, tracks: store, photos: library, media: media, places: store, policy: PinPolicy()) }
    var journal: JournalService { JournalService(trips: trips, pins: pins, saved: store, journal: store, media: media) }

    func lisbon() async throws -> Trip {
        try await trips.create(
            TripDraft(
                title: "Lisbon", destination: Destination(name: "Lisbon"), startDate: "2026-06-10", endDate: "2026-06-17",
                timeZone: "Europe/Lisbon", homeCurrency: "EUR"), owner: owner, idempotencyKey: nil)
    }

    @Test func anEntryNeedsATitleAndABodyOnADayOfTheTrip() async throws {
        let trip = try await lisbon()
        func fields(_ draft: JournalDraft) async -> [String] {
            await errorFields { _ = try await journal.create(draft, trip: trip.id, owner: owner, idempotencyKey: nil) }
        }
        #expect(await fields(JournalDraft.fixture(title: " ", body: "\n")) == ["title", "body"])
        #expect(await fields(JournalDraft.fixture(title: "Day", body: String(repeating: "a", count: 20_001))) == ["body"])
        #expect(await fields(JournalDraft.fixture(title: "Day", body: "Good", date: "2026-06-18")) == ["date"])
        #expect(await fields(JournalDraft.fixture(title: "Day", body: "Good", date: "yesterday")) == ["date"])
        #expect(await fields(JournalDraft.fixture(title: "Day", body: "Good", promptID: "no-such-prompt")) == ["prompt_id"])
        #expect(
            await fields(JournalDraft.fixture(title: "Day", body: "Good", locationTags: [.text(" "), .pin(UUID())]))
                == ["location_tags[0].text"])
        #expect(await fields(JournalDraft.fixture(title: "Day", body: "Good", locationTags: [.pin(UUID())])) == ["location_tags[0].pin_id"])
        let entry = try await journal.create(
            JournalDraft.fixture(title: " Day one ", body: "We walked\nand walked."), trip: trip.id, owner: owner,
            idempotencyKey: nil)
        #expect(entry.details.date == LocalDate("2026-06-12") && entry.details.title == "Day one", "today where the trip is")
        #expect(
            await errorReason {
                _ = try await journal.create(
                    JournalDraft.fixture(title: "Mine", body: "Here"), trip: trip.id, owner: UUID(),
                    idempotencyKey: nil)
            } == "NOT_FOUND")
    }

    @Test func photosAreAttachedThroughMediaAndTheCoverFollowsTheRules() async throws {
        let trip = try await lisbon()
        let (first, second) = (media.upload(for: owner), media.upload(for: owner))
        let notMine = media.upload(for: UUID())
        #expect(
            await errorReason {
                _ = try await journal.create(
                    JournalDraft.fixture(title: "Day", body: "Good", mediaIDs: [first, notMine]), trip: trip.id,
                    owner: owner, idempotencyKey: nil)
            } == "MEDIA_NOT_YOURS")
        #expect(media.subjects(of: first).isEmpty, "a refused entry attaches nothing")
        let entry = try await journal.create(
            JournalDraft.fixture(title: "Day", body: "Good", mediaIDs: [first, second]), trip: trip.id, owner: owner,
            idempotencyKey: nil)
        let subject = "trip/\(trip.id.lowercasedString)/journal/\(entry.id.lowercasedString)"
        #expect(media.subjects(of: first) == [subject] && media.subjects(of: second) == [subject])
        #expect(try await covers(of: [entry], trip: trip)[entry.id] == first)

        // Without photos: the photo nearest the first tagged pin; without a pin nearby, none.
        let rossio = GeoPoint(latitude: 38.7139, longitude: -9.1394)
        let pin = try await pins.create(
            PinDraft.fixture(title: "Rossio", description: "Square", point: rossio), trip: trip.id, owner: owner, idempotencyKey: nil)
        let near = TripPhoto(
            mediaID: UUID(), capturedAt: TripFixtures.utc("2026-06-12T09:00:00Z"), capturedAtIsLocal: false,
            point: rossio.moved(meters: 50, bearing: 0))
        library.add(near, owner: owner)
        let edited = try await journal.update(
            entry.id, inTrip: trip.id,
            with: JournalDraft.fixture(
                title: "Day", body: "Good",
                locationTags: [
                    .text("Baixa"),
                    .pin(pin.id),
                ]),
            owner: owner)
        #expect(edited.details.date == entry.details.date, "the day stays when none is sent")
        #expect(media.subjects(of: first).isEmpty && media.subjects(of: second).isEmpty)
        #expect(try await covers(of: [edited], trip: trip)[edited.id] == near.mediaID)
        // A page of entries tagging pins asks the library once, not once per entry.
        var page: [JournalEntry] = []
        for title in ["One", "Two", "Three"] {
            page.append(
                try await journal.create(
                    JournalDraft.fixture(title: title, body: "Good", locationTags: [.pin(pin.id)]), trip: trip.id, owner: owner,
                    idempotencyKey: nil))
        }
        library.calls.withLock { $0 = 0 }
        let found = try await covers(of: page, trip: trip)
        #expect(page.allSatisfy { found[$0.id] == near.mediaID } && library.calls.withLock { $0 } == 1)
        // The cover its owner chose for the pin comes first.
        let chosen = media.upload(for: owner)
        _ = try await pins.update(pin.id, inTrip: trip.id, with: PinChanges.fixture(coverMediaID: .some(chosen)), owner: owner)
        #expect(try await covers(of: page, trip: trip)[page[0].id] == chosen)
        let textOnly = try await journal.update(
            entry.id, inTrip: trip.id, with: JournalDraft.fixture(title: "Day", body: "Good", locationTags: [.text("Baixa")]),
            owner: owner)
        #expect(try await covers(of: [textOnly], trip: trip)[textOnly.id] == nil)
        try await journal.delete(entry.id, inTrip: trip.id, owner: owner)
        await #expect(throws: RoamError.notFound("journal entry")) { try await journal.delete(entry.id, inTrip: trip.id, owner: owner) }
        #expect(await errorReason { _ = try await journal.entry(entry.id, inTrip: trip.id, owner: owner) } == "NOT_FOUND")
    }

    @Test func promptsComeFromACatalogOfFiftyAndAreNotRepeatedWithinATrip() async throws {
        #expect(JournalPrompts.catalog.count >= 50)
        #expect(Set(JournalPrompts.catalog.map(\.id)).count == JournalPrompts.catalog.count)
        let trip = try await lisbon()
        let (prompt, remaining) = try await journal.nextPrompt(forTrip: trip.id, owner: owner)
        let first = try #require(prompt)
        #expect(remaining == JournalPrompts.catalog.count)
        #expect(try await journal.nextPrompt(forTrip: trip.id, owner: owner).prompt == first, "the same until answered")
        _ = try await journal.create(
            JournalDraft.fixture(title: "Answer", body: "Pastéis", promptID: first.id), trip: trip.id, owner: owner, idempotencyKey: nil)
        let next = try await journal.nextPrompt(forTrip: trip.id, owner: owner)
        #expect(next.prompt != first && next.prompt != nil && next.remaining == JournalPrompts.catalog.count - 1)
        for prompt in JournalPrompts.catalog where prompt != first {
            _ = try await journal.create(
                JournalDraft.fixture(title: "Answer", body: "Yes", promptID: prompt.id), trip: trip.id, owner: owner, idempotencyKey: nil)
        }
        let done = try await journal.nextPrompt(forTrip: trip.id, owner: owner)
        #expect(done.prompt == nil && done.remaining == 0)
        #expect(await errorReason { _ = try await journal.nextPrompt(forTrip: trip.id, owner: UUID()) } == "NOT_FOUND")
    }

    @Test func placesAutocompleteOverTheTripsPinsAndSavedPlaces() async throws {
        let trip = try await lisbon()
        let base = GeoPoint(latitude: 38.71, longitude: -9.14)
        for (index, title) in ["Belém Tower", "bairro Alto", "Alfama", "Baixa"].enumerated() {
            _ = try await pins.create(
                PinDraft.fixture(title: title, description: "Place", point: base.moved(meters: Double(index) * 500, bearing: 90)),
                trip: trip.id, owner: owner, idempotencyKey: nil)
        }
        let (saved, _) = try await savePlaces(["Bairro do Avillez", "A Brasileira"], near: base, to: trip)
        #expect(
            try await journal.places(ofTrip: trip.id, prefix: "ba", owner: owner, limit: 20).map(\.title) == [
                "bairro Alto", "Bairro do Avillez", "Baixa",
            ])
        #expect(try await journal.places(ofTrip: trip.id, prefix: "ba", owner: owner, limit: 20).map(\.kind) == [.pin, .place, .pin])
        #expect(try await journal.places(ofTrip: trip.id, prefix: "", owner: owner, limit: 2).map(\.title) == ["A Brasileira", "Alfama"])
        #expect(try await journal.places(ofTrip: trip.id, prefix: "bairro d", owner: owner, limit: 20).map(\.id) == [saved[0]])
        #expect(await errorReason { _ = try await journal.places(ofTrip: trip.id, prefix: "a", owner: UUID(), limit: 20) } == "NOT_FOUND")
    }

    @Test func aTagNamesAPlaceSavedToTheTripWhichGivesItsNameAndItsCover() async throws {
        let trip = try await lisbon()
        let chiado = GeoPoint(latitude: 38.7107, longitude: -9.1425)
        let (saved, unsaved) = try await savePlaces(["A Brasileira"], near: chiado, to: trip, alsoInCatalog: "Café Nicola")
        let refused = await errorFields {
            _ = try await journal.create(
                JournalDraft.fixture(title: "Coffee", body: "Bica", locationTags: [.place(saved[0]), .place(unsaved), .place(UUID())]),
                trip: trip.id, owner: owner, idempotencyKey: nil)
        }
        #expect(refused == ["location_tags[1].place_id", "location_tags[2].place_id"], "only places saved to this trip")
        let entry = try await journal.create(
            JournalDraft.fixture(title: "Coffee", body: "Bica", locationTags: [.text("Chiado"), .place(saved[0])]),
            trip: trip.id, owner: owner, idempotencyKey: nil)
        #expect(try await journal.entry(entry.id, inTrip: trip.id, owner: owner).details.locationTags == [.text("Chiado"), .place(saved[0])])
        #expect(try await journal.taggedPlaces(in: [entry], trip: trip)[saved[0]]?.title == "A Brasileira")
        // No photos of its own: the photo nearest the place is its cover.
        let near = TripPhoto(
            mediaID: UUID(), capturedAt: TripFixtures.utc("2026-06-12T09:00:00Z"), capturedAtIsLocal: false,
            point: chiado.moved(meters: 30, bearing: 180))
        library.add(near, owner: owner)
        #expect(try await covers(of: [entry], trip: trip)[entry.id] == near.mediaID)
        // Once the place is no longer saved to the trip, the tag names nothing.
        try await SavedPlaceService(trips: trips, saved: store).remove(saved[0], fromTrip: trip.id, owner: owner)
        #expect(try await journal.taggedPlaces(in: [entry], trip: trip).isEmpty)
        #expect(try await covers(of: [entry], trip: trip)[entry.id] == nil)
    }

    /// The entries' covers, with their tagged places found first, as the service's callers do.
    func covers(of entries: [JournalEntry], trip: Trip) async throws -> [UUID: UUID] {
        await journal.covers(of: entries, trip: trip, tagged: try await journal.taggedPlaces(in: entries, trip: trip))
    }

    /// A tag naming a pin the caller has read already (the day's) takes that pin, not a second read.
    @Test func aTaggedPinReadAlreadyIsNotReadAgain() async throws {
        let trip = try await lisbon()
        let pin = try await pins.create(
            PinDraft.fixture(title: "Miradouro", description: "View", point: GeoPoint(latitude: 38.7139, longitude: -9.1334)),
            trip: trip.id, owner: owner, idempotencyKey: nil)
        let entry = try await journal.create(
            JournalDraft.fixture(title: "View", body: "The whole city", locationTags: [.pin(pin.id)]), trip: trip.id, owner: owner,
            idempotencyKey: nil)
        #expect(try await journal.taggedPlaces(in: [entry], trip: trip)[pin.id]?.title == "Miradouro")
        var read = pin
        read.details.title = "Miradouro (as the day read it)"
        #expect(try await journal.taggedPlaces(in: [entry], trip: trip, knownPins: [read])[pin.id]?.title == "Miradouro (as the day read it)")
    }

    /// Loads places named `names` (and `alsoInCatalog`, not saved) into the catalog near `point` and
    /// saves the first ones to the trip; their ids, and the unsaved one's.
    func savePlaces(_ names: [String], near point: GeoPoint, to trip: Trip, alsoInCatalog other: String = "Elsewhere") async throws -> ([UUID], UUID)
    {
        let catalog = PlaceService(places: store)
        let all = names + [other]
        _ = try await catalog.importPlaces(
            all.enumerated().map { index, name in
                PlaceImport(
                    sourceID: "test/\(trip.id)/\(index)", name: name, category: "cafe", point: point.moved(meters: Double(index) * 20, bearing: 0))
            })
        let found = try await store.places(matching: PlaceQuery(near: point), limit: 50)
        func id(_ name: String) throws -> UUID { try #require(found.first { $0.place.details.name == name }?.place.id) }
        let saving = SavedPlaceService(trips: trips, saved: store)
        var saved: [UUID] = []
        for name in names {
            saved.append(try id(name))
            _ = try await saving.save(saved.last!, toTrip: trip.id, owner: owner)
        }
        return (saved, try id(other))
    }
}
