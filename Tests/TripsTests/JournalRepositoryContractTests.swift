import Foundation
import RoamCore
import RoamRuntime
import RoamTesting
import Testing

@testable import Trips

/// What both journal stores do, run against each.
@Suite struct JournalRepositoryContractTests {
    static func entry(
        _ trip: Trip, _ date: String, title: String = "Day", prompt: String? = nil,
        tags: [LocationTag] = [.text("Alfama")], written: Date = Date()
    ) -> JournalEntry {
        JournalEntry(
            id: .v7(at: written), tripID: trip.id, ownerID: trip.ownerID,
            details: JournalEntryDetails(
                title: title, body: "We walked.", date: LocalDate(date)!, mediaIDs: [UUID(), UUID()],
                promptID: prompt, locationTags: tags),
            createdAt: written)
    }

    @Test(arguments: StoreKind.allCases)
    func entriesReadBackListByDayAndCountPerDayForTheOwnerOnly(_ kind: StoreKind) async throws {
        try await kind.withRepository { store async throws in
            let trip = try await store.create(TripFixtures.trip("2026-06-10", "2026-06-17"), idempotencyKey: nil)
            let base = Date(timeIntervalSince1970: 1_790_000_000)
            let later = Self.entry(trip, "2026-06-13", title: "Later", written: base)
            let first = Self.entry(
                trip, "2026-06-12", title: "First", prompt: "best-bite", tags: [.pin(UUID()), .text("Rossio")],
                written: base.addingTimeInterval(60))
            let second = Self.entry(trip, "2026-06-12", title: "Second", prompt: "surprise", written: base.addingTimeInterval(120))
            for entry in [later, first, second] { #expect(try await store.addEntry(entry, idempotencyKey: nil) == entry) }
            #expect(try await store.entry(first.id, owner: trip.ownerID) == first)
            #expect(try await store.entry(first.id, owner: UUID()) == nil)
            var seen: [UUID] = [], cursor: String?
            repeat {
                let page = try await store.entries(ofTrip: trip.id, owner: trip.ownerID, on: nil, page: PageRequest(size: 2, cursor: cursor))
                seen += page.items.map(\.id)
                cursor = page.nextCursor
            } while cursor != nil
            #expect(seen == [first.id, second.id, later.id])
            #expect(
                try await store.entries(ofTrip: trip.id, owner: trip.ownerID, on: LocalDate("2026-06-13"), page: PageRequest()).items
                    .map(\.id) == [later.id])
            #expect(try await store.entries(ofTrip: trip.id, owner: UUID(), on: nil, page: PageRequest()).items.isEmpty)
            #expect(try await store.usedPrompts(ofTrip: trip.id, owner: trip.ownerID) == ["best-bite", "surprise"])
            #expect(try await store.entryCounts(ofTrip: trip.id, owner: trip.ownerID) == [LocalDate("2026-06-12")!: 2, LocalDate("2026-06-13")!: 1])
            let stranger = JournalEntry(id: UUID(), tripID: trip.id, ownerID: UUID(), details: first.details, createdAt: base)
            #expect(try await store.addEntry(stranger, idempotencyKey: nil) == nil)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func entriesAreIdempotentEditedDeletedAndGoWithTheirTrip(_ kind: StoreKind) async throws {
        try await kind.withRepository { store async throws in
            let trip = try await store.create(TripFixtures.trip("2026-06-10", "2026-06-17"), idempotencyKey: nil)
            let entry = Self.entry(trip, "2026-06-12", written: Date(timeIntervalSince1970: 1_790_000_000))
            #expect(try await store.addEntry(entry, idempotencyKey: "e1") == entry)
            #expect(try await store.addEntry(Self.entry(trip, "2026-06-14"), idempotencyKey: "e1") == entry)
            var changed = entry.details
            changed.title = "Edited"
            changed.locationTags = []
            changed.mediaIDs = []
            #expect(try await store.updateEntry(entry.id, owner: UUID(), details: changed) == nil)
            #expect(try await store.updateEntry(entry.id, owner: trip.ownerID, details: changed)?.details == changed)
            #expect(try await store.deleteEntry(entry.id, owner: UUID()) == nil)
            #expect(try await store.deleteEntry(entry.id, owner: trip.ownerID)?.id == entry.id)
            #expect(try await store.deleteEntry(entry.id, owner: trip.ownerID) == nil)
            let kept = Self.entry(trip, "2026-06-12")
            _ = try await store.addEntry(kept, idempotencyKey: nil)
            _ = try await store.delete(trip.id, owner: trip.ownerID, at: Date())
            #expect(try await store.entry(kept.id, owner: trip.ownerID) == nil)
        }
    }
}
