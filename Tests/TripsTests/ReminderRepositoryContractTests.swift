import Foundation
import RoamCore
import RoamRuntime
import RoamTesting
import Testing

@testable import Trips

/// Reminders' due times in both stores: when each comes due, that it is claimed once, and that it
/// follows its trip's dates and zone.
@Suite(.serialized) struct ReminderRepositoryContractTests {
    typealias Store = TripRepository & ItineraryRepository & ReminderRepository & PlacesRepository

    static let database = ReminderDatabase()

    /// A store of its own: a claim takes every reminder due, whoever's.
    static func withOwnStore(_ kind: StoreKind, _ body: @Sendable (any Store) async throws -> Void) async throws {
        switch kind {
        case .memory:
            try await body(InMemoryTripStore())
        case .postgres:
            try await database.withEmptyTrips { client in
                try await body(PostgresTripStore(database: Database(client: client, operationTimeout: .seconds(30))))
            }
        }
    }

    static let utc = TripFixtures.utc

    /// A Lisbon trip made on 1 May 2026, long before its reminders.
    static func trip(_ start: String, _ end: String, zone: String = "Europe/Lisbon", made: String = "2026-05-01T00:00:00Z") -> Trip {
        let planned = TripFixtures.trip(start, end, zone: zone)
        return Trip(id: planned.id, ownerID: planned.ownerID, details: planned.details, createdAt: utc(made))
    }

    static func item(of trip: Trip, place: UUID, _ date: String, _ minute: Int?, made: String = "2026-05-02T00:00:00Z") -> ItineraryItem {
        let plan = ItineraryPlan(date: LocalDate(date)!, minuteOfDay: minute)
        return ItineraryItem(
            id: .v7(), tripID: trip.id, ownerID: trip.ownerID, placeID: place, plan: plan,
            remindAt: plan.instants(in: trip.details.zone).remindAt, createdAt: utc(made))
    }

    @Test(arguments: StoreKind.allCases)
    func aTripStartReminderComesDue24HoursBeforeItsFirstLocalDayAndIsClaimedOnce(_ kind: StoreKind) async throws {
        try await Self.withOwnStore(kind) { store in
            let trip = try await store.create(Self.trip("2026-06-10", "2026-06-17"), idempotencyKey: nil)
            // Lisbon is UTC+1 in June: the first day begins at 23:00 UTC the day before.
            let due = Self.utc("2026-06-08T23:00:00Z")
            #expect(try await store.claimDueReminders(at: due.addingTimeInterval(-1), limit: 10).isEmpty)
            let claimed = try await store.claimDueReminders(at: due.addingTimeInterval(30), limit: 10)
            #expect(
                claimed == [
                    Reminder(
                        kind: .tripStarting, ownerID: trip.ownerID, tripID: trip.id, title: "Trip 2026-06-10",
                        date: LocalDate("2026-06-10")!, dueAt: due, sentAt: due.addingTimeInterval(30))
                ])
            #expect(try await store.claimDueReminders(at: due.addingTimeInterval(60), limit: 10).isEmpty, "sent once")

            // A trip made less than a day before it starts is not reminded of its start.
            _ = try await store.create(Self.trip("2026-07-01", "2026-07-02", made: "2026-06-30T12:00:00Z"), idempotencyKey: nil)
            #expect(try await store.claimDueReminders(at: Self.utc("2026-07-01T00:00:00Z"), limit: 10).isEmpty)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func anItineraryReminderNamesItsPlaceAndComesOnceAtItsTime(_ kind: StoreKind) async throws {
        try await Self.withOwnStore(kind) { store in
            let trip = try await store.create(Self.trip("2026-06-10", "2026-06-17"), idempotencyKey: nil)
            _ = try await PlaceService(places: store).importPlaces([
                PlaceImport(
                    sourceID: "n/1", name: "Tasca do Chico", category: "restaurant",
                    point: GeoPoint(latitude: 38.71, longitude: -9.14))
            ])
            let place = try #require(
                try await store.places(matching: PlaceQuery(near: GeoPoint(latitude: 38.71, longitude: -9.14)), limit: 1)
                    .first?.place.id)
            _ = try await store.claimDueReminders(at: Self.utc("2026-06-09T00:00:00Z"), limit: 10)
            let dinner = try #require(try await store.addItem(Self.item(of: trip, place: place, "2026-06-12", 20 * 60)))
            let morning = try #require(try await store.addItem(Self.item(of: trip, place: place, "2026-06-13", nil)))
            // An hour before 20:00 in Lisbon's summer time; 09:00 local without a time.
            #expect(try await store.claimDueReminders(at: Self.utc("2026-06-12T17:59:59Z"), limit: 10).isEmpty)
            let first = try await store.claimDueReminders(at: Self.utc("2026-06-12T18:00:00Z"), limit: 10)
            #expect(
                first == [
                    Reminder(
                        kind: .itinerary, ownerID: trip.ownerID, tripID: trip.id, itemID: dinner.id, placeID: place,
                        title: "Tasca do Chico", date: LocalDate("2026-06-12")!, minuteOfDay: 20 * 60,
                        dueAt: Self.utc("2026-06-12T18:00:00Z"), sentAt: Self.utc("2026-06-12T18:00:00Z"))
                ])
            let second = try await store.claimDueReminders(at: Self.utc("2026-06-14T00:00:00Z"), limit: 10)
            #expect(second.map(\.itemID) == [morning.id] && second.first?.dueAt == Self.utc("2026-06-13T08:00:00Z"))
            #expect(try await store.claimDueReminders(at: Self.utc("2026-06-20T00:00:00Z"), limit: 10).isEmpty)

            // A plan made after its reminder's time is not announced late.
            _ = try await store.addItem(Self.item(of: trip, place: place, "2026-06-15", 12 * 60, made: "2026-06-15T11:30:00Z"))
            #expect(try await store.claimDueReminders(at: Self.utc("2026-06-15T12:00:00Z"), limit: 10).isEmpty)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func remindersFollowTheTripsDatesAndZoneAndAMovedOneComesAgain(_ kind: StoreKind) async throws {
        try await Self.withOwnStore(kind) { store in
            let trip = try await store.create(Self.trip("2026-06-10", "2026-06-17"), idempotencyKey: nil)
            let item = try #require(try await store.addItem(Self.item(of: trip, place: UUID(), "2026-06-12", 20 * 60)))
            let sent = try await store.claimDueReminders(at: Self.utc("2026-06-12T19:00:00Z"), limit: 10)
            #expect(sent.map(\.kind) == [.tripStarting, .itinerary])

            // A new title moves nothing.
            var renamed = trip.details
            renamed.title = "Lisbon"
            _ = try await store.update(trip.id, owner: trip.ownerID, details: renamed, at: Self.utc("2026-06-12T19:30:00Z"))
            #expect(try await store.claimDueReminders(at: Self.utc("2026-06-12T20:00:00Z"), limit: 10).isEmpty)

            // Tokyo, and a week later: the start's reminder moves to 15:00 UTC on the 16th (the 18th's
            // midnight at UTC+9, less a day) and dinner at 20:00 Tokyo time to 10:00 UTC on the 12th, both
            // after the edit.
            var moved = renamed
            moved.dates = TripDates(start: LocalDate("2026-06-18")!, end: LocalDate("2026-06-25")!)
            moved.zone = TripZone("Asia/Tokyo")!
            _ = try await store.update(trip.id, owner: trip.ownerID, details: moved, at: Self.utc("2026-06-12T09:00:00Z"))
            let again = try await store.claimDueReminders(at: Self.utc("2026-06-17T00:00:00Z"), limit: 10)
            #expect(again.map(\.dueAt) == [Self.utc("2026-06-12T10:00:00Z"), Self.utc("2026-06-16T15:00:00Z")])
            #expect(again.map(\.itemID) == [item.id, nil] && again.last?.title == "Lisbon")
            #expect(try await store.itinerary(ofTrip: trip.id, owner: trip.ownerID).first?.remindAt == Self.utc("2026-06-12T10:00:00Z"))

            // Moved to a time already past at the edit: not sent late.
            moved.zone = TripZone("Europe/Lisbon")!
            _ = try await store.update(trip.id, owner: trip.ownerID, details: moved, at: Self.utc("2026-06-20T00:00:00Z"))
            #expect(try await store.claimDueReminders(at: Self.utc("2026-06-20T00:00:00Z"), limit: 10).isEmpty)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func remindersSentAtOneInstantResumeAfterTheSubjectOfTheLastOneSent(_ kind: StoreKind) async throws {
        try await Self.withOwnStore(kind) { store in
            let first = try await store.create(Self.trip("2026-06-10", "2026-06-17"), idempotencyKey: nil)
            let owner = first.ownerID
            for _ in 0..<3 {
                let trip = Self.trip("2026-06-10", "2026-06-17")
                _ = try await store.create(Trip(id: trip.id, ownerID: owner, details: trip.details, createdAt: trip.createdAt), idempotencyKey: nil)
            }
            let sentAt = try #require(RFC3339.date("2026-06-09T00:00:00.123456Z"))
            #expect(try await store.claimDueReminders(at: sentAt, limit: 10).count == 4)
            let all = try await store.sentReminders(of: owner, after: Self.utc("2026-06-01T00:00:00Z"), limit: 10)
            let subjects = all.map(\.subjectID)
            #expect(subjects == subjects.sorted { $0.uuidString < $1.uuidString } && Set(subjects).count == 4, "one instant, ordered by subject")
            // After the second: the third and fourth, once each; after the fourth, or after the instant itself: none.
            #expect(
                try await store.sentReminders(of: owner, after: sentAt, subject: subjects[1], limit: 10).map(\.subjectID) == Array(subjects[2...]))
            #expect(try await store.sentReminders(of: owner, after: sentAt, subject: subjects[3], limit: 10).isEmpty)
            #expect(try await store.sentReminders(of: owner, after: sentAt, subject: nil, limit: 10).isEmpty)
            // A cursor that has been through a Double (as a stream's id is) stands at the same microsecond.
            let roundTripped = Date(timeIntervalSince1970: Double(sentAt.microsecondsSince1970) / 1_000_000)
            #expect(
                try await store.sentReminders(of: owner, after: roundTripped, subject: subjects[0], limit: 10).map(\.subjectID)
                    == Array(subjects[1...]))
        }
    }

    @Test(arguments: StoreKind.allCases)
    func theRemindersSentAfterAnInstantAreWhatAStreamAwayMissed(_ kind: StoreKind) async throws {
        try await Self.withOwnStore(kind) { store in
            let trip = try await store.create(Self.trip("2026-06-10", "2026-06-17"), idempotencyKey: nil)
            let someoneElses = try await store.create(Self.trip("2026-06-10", "2026-06-17"), idempotencyKey: nil)
            let dinner = try #require(try await store.addItem(Self.item(of: trip, place: UUID(), "2026-06-12", 20 * 60)))
            // Passed over, not sent: planned after its reminder time.
            _ = try await store.addItem(Self.item(of: trip, place: UUID(), "2026-06-12", 12 * 60, made: "2026-06-12T11:30:00Z"))
            _ = try await store.claimDueReminders(at: Self.utc("2026-06-09T00:00:00Z"), limit: 10)
            _ = try await store.claimDueReminders(at: Self.utc("2026-06-12T18:00:00Z"), limit: 10)
            let all = try await store.sentReminders(of: trip.ownerID, after: Self.utc("2026-06-01T00:00:00Z"), limit: 10)
            #expect(all.map(\.subjectID) == [trip.id, dinner.id])
            #expect(all.map(\.sentAt) == [Self.utc("2026-06-09T00:00:00Z"), Self.utc("2026-06-12T18:00:00Z")])
            let later = try await store.sentReminders(of: trip.ownerID, after: Self.utc("2026-06-09T00:00:00Z"), limit: 10)
            #expect(later.map(\.subjectID) == [dinner.id], "strictly after")
            #expect(try await store.sentReminders(of: trip.ownerID, after: Self.utc("2026-06-01T00:00:00Z"), limit: 1).count == 1)
            #expect(try await store.sentReminders(of: trip.ownerID, after: Date(timeIntervalSince1970: 1e15), limit: 10).isEmpty)
            #expect(
                try await store.sentReminders(of: someoneElses.ownerID, after: Self.utc("2026-06-01T00:00:00Z"), limit: 10).map(\.subjectID)
                    == [someoneElses.id])
            // Moved into the future, it is due again and no longer counts as sent.
            var moved = trip.details
            moved.zone = TripZone("Asia/Tokyo")!
            _ = try await store.update(trip.id, owner: trip.ownerID, details: moved, at: Self.utc("2026-06-01T00:00:00Z"))
            #expect(try await store.sentReminders(of: trip.ownerID, after: Self.utc("2026-06-01T00:00:00Z"), limit: 10).isEmpty)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func concurrentClaimsTakeEachReminderOnceAndADeletedTripsNever(_ kind: StoreKind) async throws {
        try await Self.withOwnStore(kind) { store in
            var trips: [Trip] = []
            for day in 10...29 { trips.append(try await store.create(Self.trip("2026-06-\(day)", "2026-06-30"), idempotencyKey: nil)) }
            let gone = trips.removeLast()
            _ = try await store.delete(gone.id, owner: gone.ownerID, at: Self.utc("2026-05-03T00:00:00Z"))
            let claims = try await withThrowingTaskGroup(of: [Reminder].self) { group in
                for _ in 0..<6 { group.addTask { try await store.claimDueReminders(at: Self.utc("2026-07-01T00:00:00Z"), limit: 4) } }
                var all: [[Reminder]] = []
                for try await claim in group { all.append(claim) }
                return all
            }
            var claimed = claims.flatMap { $0 }
            var more: [Reminder]
            repeat {
                more = try await store.claimDueReminders(at: Self.utc("2026-07-01T00:00:00Z"), limit: 4)
                claimed += more
            } while !more.isEmpty
            #expect(claimed.count == trips.count && Set(claimed.map(\.tripID)) == Set(trips.map(\.id)))
            #expect(claims.allSatisfy { $0.count <= 4 })
        }
    }

    /// Every reminder claimed waits, queued in its claim, for the notifications service: one publication
    /// each, keyed by what it reminds of and when, in the trip's zone; a deleted user's go with them.
    @Test(arguments: StoreKind.allCases)
    func eachClaimedReminderIsQueuedForTheNotificationsService(_ kind: StoreKind) async throws {
        try await Self.withOwnStore(kind) { store in
            let trip = try await store.create(Self.trip("2026-06-10", "2026-06-12", zone: "Asia/Kolkata"), idempotencyKey: nil)
            _ = try await store.setDailyReminder(trip: trip.id, owner: trip.ownerID, minuteOfDay: 20 * 60 + 30, at: Self.utc("2026-06-01T00:00:00Z"))
            let claimed = try await store.claimDueReminders(at: Self.utc("2026-06-10T15:30:00Z"), limit: 10)
            #expect(Set(claimed.map(\.kind)) == [.tripStarting, .daily])
            let queued = try await store.publications.claim(at: Self.utc("2026-06-10T15:30:00Z"), lease: .seconds(60), limit: 10).map(\.publication)
            #expect(queued.count == 2 && Set(queued.map(\.kind)) == ["trip_starting", "daily_reminder"])
            #expect(
                queued.allSatisfy { $0.userID == trip.ownerID && $0.timeZone == "Asia/Kolkata" && $0.threadID == "trip:\(trip.id.lowercasedString)" })
            let daily = try #require(queued.first { $0.kind == "daily_reminder" })
            #expect(daily.data == ["tripId": trip.id.lowercasedString, "title": trip.details.title, "date": "2026-06-10", "time": "20:30"])
            #expect(daily.key == "daily_reminder:\(trip.id.lowercasedString):\(Self.utc("2026-06-10T15:00:00Z").microsecondsSince1970)")
            #expect(try await store.claimDueReminders(at: Self.utc("2026-06-11T15:30:00Z"), limit: 10).count == 1)
            _ = try await store.deleteAll(of: trip.ownerID)
            #expect(try await store.publications.pendingCount() == 0, "the deleted user's reminders are not published")
        }
    }

    /// A daily reminder comes on each day of the trip at its local time, once, moves on to the next day,
    /// stops after the last, follows the trip's dates, and replays only the latest one sent.
    @Test(arguments: StoreKind.allCases)
    func aDailyReminderComesOnEachDayOfTheTripOnceAndFollowsItsDates(_ kind: StoreKind) async throws {
        try await Self.withOwnStore(kind) { store in
            let trip = try await store.create(Self.trip("2026-06-10", "2026-06-12"), idempotencyKey: nil)
            let evening = 20 * 60
            #expect(try await store.setDailyReminder(trip: trip.id, owner: UUID(), minuteOfDay: evening, at: Self.utc("2026-06-11T12:00:00Z")) == nil)
            // 20:00 in Lisbon is 19:00 UTC in June; set at noon on the second day, it comes that evening first.
            let set = try await store.setDailyReminder(trip: trip.id, owner: trip.ownerID, minuteOfDay: evening, at: Self.utc("2026-06-11T12:00:00Z"))
            #expect(set?.next?.date == LocalDate("2026-06-11") && set?.next?.dueAt == Self.utc("2026-06-11T19:00:00Z"))
            #expect(try await store.dailyReminder(trip: trip.id, owner: trip.ownerID) == set)
            #expect(try await store.dailyReminder(trip: trip.id, owner: UUID()) == nil)
            func daily(at time: String) async throws -> [Reminder] {
                try await store.claimDueReminders(at: Self.utc(time), limit: 10).filter { $0.kind == .daily }
            }
            #expect(try await daily(at: "2026-06-11T18:59:59Z").isEmpty)
            #expect(
                try await daily(at: "2026-06-11T19:00:30Z") == [
                    Reminder(
                        kind: .daily, ownerID: trip.ownerID, tripID: trip.id, title: trip.details.title, date: LocalDate("2026-06-11")!,
                        minuteOfDay: evening, dueAt: Self.utc("2026-06-11T19:00:00Z"), sentAt: Self.utc("2026-06-11T19:00:30Z"))
                ])
            #expect(try await daily(at: "2026-06-11T19:01:00Z").isEmpty, "once")
            #expect(try await store.dailyReminder(trip: trip.id, owner: trip.ownerID)?.next?.date == LocalDate("2026-06-12"), "moved on")
            // Away for a day: the last day's comes once, and nothing after the trip.
            #expect(try await daily(at: "2026-06-13T08:00:00Z").map(\.date) == [LocalDate("2026-06-12")!])
            #expect(try await store.dailyReminder(trip: trip.id, owner: trip.ownerID)?.next == nil)
            let replayed = try await store.sentReminders(of: trip.ownerID, after: Self.utc("2026-06-11T00:00:00Z"), limit: 10).filter {
                $0.kind == .daily
            }
            #expect(
                replayed.map(\.date) == [LocalDate("2026-06-12")!] && replayed.first?.sentAt == Self.utc("2026-06-13T08:00:00Z"),
                "the latest one sent is replayed")

            // The trip moves to later days: so does its reminder.
            var later = trip.details
            later.dates = TripDates(start: LocalDate("2026-07-01")!, end: LocalDate("2026-07-02")!)
            _ = try await store.update(trip.id, owner: trip.ownerID, details: later, at: Self.utc("2026-06-20T00:00:00Z"))
            #expect(try await store.dailyReminder(trip: trip.id, owner: trip.ownerID)?.next?.dueAt == Self.utc("2026-07-01T19:00:00Z"))
            #expect(try await store.clearDailyReminder(trip: trip.id, owner: trip.ownerID))
            #expect(try await !store.clearDailyReminder(trip: trip.id, owner: trip.ownerID), "once")
            #expect(try await store.dailyReminder(trip: trip.id, owner: trip.ownerID) == nil)
            #expect(try await daily(at: "2026-07-03T00:00:00Z").isEmpty, "off")
        }
    }
}
