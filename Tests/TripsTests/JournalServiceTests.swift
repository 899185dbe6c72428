import Foundation
import RoamCore
import RoamTesting
import Testing
import Trips

/// The journal through the domain (seed: an entry without a title or a body is refused), with media
/// attachments and a photo library in memory.
@Suite struct JournalServiceTests {
    let store = InMemoryTripStore()
    let media = InMemoryMediaAttachments()
    let library = FixedTripPhotos()
    let owner = UUID()
    var trips: TripService { TripService(trips: store, now: { TripFixtures.utc("2026-06-12T10:00:00Z") }) }
    var pins: PinService { PinService(trips: trips, pins: store, tracks: store, photos: library, media: media, policy: PinPolicy()) }
    var journal: JournalService { JournalService(trips: trips, pins: pins, journal: store, media: media) }

    func lisbon() async throws -> Trip {
        try await trips.create(TripDraft(title: "Lisbon", destination: Destination(name: "Lisbon"), startDate: "2026-06-10", endDate: "2026-06-17",
                                         timeZone: "Europe/Lisbon", homeCurrency: "EUR"), owner: owner, idempotencyKey: nil)
    }

    @Test func anEntryNeedsATitleAndABodyOnADayOfTheTrip() async throws {
        let trip = try await lisbon()
        func fields(_ draft: JournalDraft) async -> [String] {
            await errorFields { _ = try await journal.create(draft, trip: trip.id, owner: owner, idempotencyKey: nil) }
        }
        #expect(await fields(JournalDraft(title: " ", body: "\n")) == ["title", "body"])
        #expect(await fields(JournalDraft(title: "Day", body: String(repeating: "a", count: 20_001))) == ["body"])
        #expect(await fields(JournalDraft(title: "Day", body: "Good", date: "2026-06-18")) == ["date"])
        #expect(await fields(JournalDraft(title: "Day", body: "Good", date: "yesterday")) == ["date"])
        #expect(await fields(JournalDraft(title: "Day", body: "Good", promptID: "no-such-prompt")) == ["prompt_id"])
        #expect(await fields(JournalDraft(title: "Day", body: "Good", locationTags: [.text(" "), .pin(UUID())]))
            == ["location_tags[0].text"])
        #expect(await fields(JournalDraft(title: "Day", body: "Good", locationTags: [.pin(UUID())])) == ["location_tags[0].pin_id"])
        let entry = try await journal.create(JournalDraft(title: " Day one ", body: "We walked\nand walked."), trip: trip.id, owner: owner,
                                             idempotencyKey: nil)
        #expect(entry.details.date == LocalDate("2026-06-12") && entry.details.title == "Day one", "today where the trip is")
        #expect(await errorReason { _ = try await journal.create(JournalDraft(title: "Mine", body: "Here"), trip: trip.id, owner: UUID(),
                                                                  idempotencyKey: nil) } == "NOT_FOUND")
    }

    @Test func photosAreAttachedThroughMediaAndTheCoverFollowsTheRules() async throws {
        let trip = try await lisbon()
        let (first, second) = (media.upload(for: owner), media.upload(for: owner))
        let notMine = media.upload(for: UUID())
        #expect(await errorReason { _ = try await journal.create(JournalDraft(title: "Day", body: "Good", mediaIDs: [first, notMine]), trip: trip.id,
                                                                  owner: owner, idempotencyKey: nil) } == "MEDIA_NOT_YOURS")
        #expect(media.subjects(of: first).isEmpty, "a refused entry attaches nothing")
        let entry = try await journal.create(JournalDraft(title: "Day", body: "Good", mediaIDs: [first, second]), trip: trip.id, owner: owner,
                                             idempotencyKey: nil)
        let subject = "trip/\(trip.id.lowercasedString)/journal/\(entry.id.lowercasedString)"
        #expect(media.subjects(of: first) == [subject] && media.subjects(of: second) == [subject])
        #expect(await journal.covers(of: [entry], trip: trip)[entry.id] == first)

        // Without photos: the photo nearest the first tagged pin; without a pin nearby, none.
        let rossio = GeoPoint(latitude: 38.7139, longitude: -9.1394)
        let pin = try await pins.create(PinDraft(title: "Rossio", description: "Square", point: rossio), trip: trip.id, owner: owner, idempotencyKey: nil)
        let near = TripPhoto(mediaID: UUID(), capturedAt: TripFixtures.utc("2026-06-12T09:00:00Z"), capturedAtIsLocal: false,
                             point: rossio.moved(meters: 50, bearing: 0))
        library.add(near, owner: owner)
        let edited = try await journal.update(entry.id, inTrip: trip.id, with: JournalDraft(title: "Day", body: "Good", locationTags: [.text("Baixa"),
                                                                                                                                  .pin(pin.id)]),
                                              owner: owner)
        #expect(edited.details.date == entry.details.date, "the day stays when none is sent")
        #expect(media.subjects(of: first).isEmpty && media.subjects(of: second).isEmpty)
        #expect(await journal.covers(of: [edited], trip: trip)[edited.id] == near.mediaID)
        // A page of entries tagging pins asks the library once, not once per entry.
        var page: [JournalEntry] = []
        for title in ["One", "Two", "Three"] {
            page.append(try await journal.create(JournalDraft(title: title, body: "Good", locationTags: [.pin(pin.id)]), trip: trip.id, owner: owner,
                                                 idempotencyKey: nil))
        }
        library.calls.withLock { $0 = 0 }
        let covers = await journal.covers(of: page, trip: trip)
        #expect(page.allSatisfy { covers[$0.id] == near.mediaID } && library.calls.withLock { $0 } == 1)
        let textOnly = try await journal.update(entry.id, inTrip: trip.id, with: JournalDraft(title: "Day", body: "Good", locationTags: [.text("Baixa")]),
                                                owner: owner)
        #expect(await journal.covers(of: [textOnly], trip: trip)[textOnly.id] == nil)
        try await journal.delete(entry.id, inTrip: trip.id, owner: owner)
        try await journal.delete(entry.id, inTrip: trip.id, owner: owner)
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
        _ = try await journal.create(JournalDraft(title: "Answer", body: "Pastéis", promptID: first.id), trip: trip.id, owner: owner, idempotencyKey: nil)
        let next = try await journal.nextPrompt(forTrip: trip.id, owner: owner)
        #expect(next.prompt != first && next.prompt != nil && next.remaining == JournalPrompts.catalog.count - 1)
        for prompt in JournalPrompts.catalog where prompt != first {
            _ = try await journal.create(JournalDraft(title: "Answer", body: "Yes", promptID: prompt.id), trip: trip.id, owner: owner, idempotencyKey: nil)
        }
        let done = try await journal.nextPrompt(forTrip: trip.id, owner: owner)
        #expect(done.prompt == nil && done.remaining == 0)
        #expect(await errorReason { _ = try await journal.nextPrompt(forTrip: trip.id, owner: UUID()) } == "NOT_FOUND")
    }

    @Test func placesAutocompleteOverTheTripsPins() async throws {
        let trip = try await lisbon()
        let base = GeoPoint(latitude: 38.71, longitude: -9.14)
        for (index, title) in ["Belém Tower", "bairro Alto", "Alfama", "Baixa"].enumerated() {
            _ = try await pins.create(PinDraft(title: title, description: "Place", point: base.moved(meters: Double(index) * 500, bearing: 90)),
                                      trip: trip.id, owner: owner, idempotencyKey: nil)
        }
        #expect(try await journal.places(ofTrip: trip.id, prefix: "ba", owner: owner, limit: 20).map(\.details.title) == ["bairro Alto", "Baixa"])
        #expect(try await journal.places(ofTrip: trip.id, prefix: "", owner: owner, limit: 2).map(\.details.title) == ["Alfama", "bairro Alto"])
        #expect(await errorReason { _ = try await journal.places(ofTrip: trip.id, prefix: "a", owner: UUID(), limit: 20) } == "NOT_FOUND")
    }
}
