import Foundation
import GRPCCore
import RoamProto
import RoamRuntime
import RoamTesting
import Synchronization
import Testing

@testable import Trips

/// The trips service behind the real interceptors, through the generated client: a trip's life, what
/// another user gets, bad input named by field, the calendar, and purges that only services may ask.
@Suite struct TripsGRPCTests {
    let store = InMemoryTripStore()

    /// The service over the test's store, its streams fed by `notifications`.
    func service(_ trips: TripService, notifications: UserStreams<TripNotification> = UserStreams()) -> TripsGRPCService {
        let pins = PinService(
            trips: trips, pins: store, tracks: store, photos: FixedTripPhotos(), media: InMemoryMediaAttachments(), places: store, policy: PinPolicy()
        )
        return TripsGRPCService(
            trips: trips, pins: pins, tracks: TrackService(trips: trips, tracks: store, photos: FixedTripPhotos(), positions: FixedTripPhotos()),
            journal: JournalService(trips: trips, pins: pins, saved: store, journal: store, media: InMemoryMediaAttachments()),
            places: PlaceService(places: store), savedPlaces: SavedPlaceService(trips: trips, saved: store),
            itinerary: ItineraryService(trips: trips, itinerary: store, saved: store), notifications: notifications,
            reminders: store)
    }

    @Test func aTripIsCreatedListedEditedAndDeletedByItsOwnerOnly() async throws {
        let tokens = await TestTokens()
        let trips = TripService(trips: store, now: { TripFixtures.utc("2026-06-12T10:00:00Z") })
        try await InProcessService.run(
            [
                service(trips),
                PurgeGRPCService(
                    TripsPurge(
                        trips: trips, places: store,
                        walks: WalkService(
                            walks: InMemoryWalkStore(), media: InMemoryMediaAttachments(), graph: FakeSocialGraph(), groupWalks: FakeGroupWalks())),
                    purgedUsers: .inMemory),
            ],
            verifier: try await tokens.verifier(), anonymousMethods: []
        ) { grpc, _ in
            let client = Roam_Trips_V1_TripsService.Client(wrapping: grpc)
            let (ana, bo) = (UUID(), UUID())
            let asAna: Metadata = ["authorization": "Bearer \(try await tokens.userToken(ana))"]
            let asBo: Metadata = ["authorization": "Bearer \(try await tokens.userToken(bo))"]
            let fields = Roam_Trips_V1_TripFields.with {
                $0.title = "  Lisbon  "
                $0.destination = .with {
                    $0.name = "Lisbon";
                    $0.point = .with {
                        $0.latitude = 38.72; $0.longitude = -9.14
                    }
                }
                $0.startDate = "2026-06-10"
                $0.endDate = "2026-06-17"
                $0.timeZone = "Europe/Lisbon"
                $0.homeCurrency = "eur"
            }
            let created = try await client.createTrip(
                .with {
                    $0.trip = fields; $0.idempotencyKey = "k"
                }, metadata: asAna
            ).trip
            #expect(created.title == "Lisbon" && created.homeCurrency == "EUR" && created.phase == .current && created.dayCount == 8)
            #expect(created.destination.point.latitude == 38.72)
            let again = try await client.createTrip(
                .with {
                    $0.trip = fields; $0.idempotencyKey = "k"
                }, metadata: asAna
            ).trip
            #expect(again.id == created.id, "the same key answers the first trip")

            let bad = await rpcFailure {
                _ = try await client.createTrip(
                    .with {
                        $0.trip = fields
                        $0.trip.title = " "
                        $0.trip.endDate = "2026-06-01"
                        $0.trip.timeZone = "Mars/Olympus"
                    }, metadata: asAna)
            }
            #expect(bad?.reason == "INVALID_FIELD" && bad?.violations.map(\.field) == ["title", "end_date", "time_zone"])
            #expect(await rpcFailure { _ = try await client.getTrip(.with { $0.tripID = created.id }, metadata: asBo) }?.reason == "NOT_FOUND")
            #expect(
                await rpcFailure { _ = try await client.getTrip(.with { $0.tripID = "nope" }, metadata: asAna) }?.violations.map(\.field) == [
                    "trip_id"
                ])
            #expect(await rpcFailure { _ = try await client.getTrip(.with { $0.tripID = created.id }) }?.reason == "UNAUTHENTICATED")

            let edited = try await client.updateTrip(
                .with {
                    $0.tripID = created.id; $0.endDate = "2026-06-20"; $0.destination = .with { $0.name = "Porto" }
                },
                metadata: asAna
            ).trip
            #expect(edited.endDate == "2026-06-20" && edited.title == "Lisbon" && edited.destination.name == "Porto" && !edited.destination.hasPoint)
            #expect(
                await rpcFailure {
                    _ = try await client.updateTrip(
                        .with {
                            $0.tripID = created.id; $0.title = "Mine"
                        }, metadata: asBo)
                }?.reason == "NOT_FOUND")

            _ = try await client.createTrip(
                .with {
                    $0.trip = fields; $0.trip.startDate = "2026-07-30"; $0.trip.endDate = "2026-08-02"
                }, metadata: asAna)
            #expect(try await client.listMyTrips(.with { $0.phase = .upcoming }, metadata: asAna).trips.map(\.startDate) == ["2026-07-30"])
            #expect(try await client.listMyTrips(.init(), metadata: asAna).trips.count == 2)
            #expect(try await client.listMyTrips(.init(), metadata: asBo).trips.isEmpty)
            let july = try await client.getCalendar(.with { $0.month = "2026-07" }, metadata: asAna)
            #expect(july.trips.map { $0.days.map(\.date) } == [["2026-07-30", "2026-07-31"]])
            #expect(
                await rpcFailure { _ = try await client.getCalendar(.with { $0.month = "July" }, metadata: asAna) }?.violations.map(\.field) == [
                    "month"
                ]
            )

            await #expect(throws: RPCError.self) { try await client.deleteTrip(.with { $0.tripID = created.id }, metadata: asBo) }
            #expect(try await client.getTrip(.with { $0.tripID = created.id }, metadata: asAna).trip.id == created.id, "a stranger deletes nothing")
            try await client.deleteTrip(.with { $0.tripID = created.id }, metadata: asAna)
            await #expect(throws: RPCError.self) { try await client.deleteTrip(.with { $0.tripID = created.id }, metadata: asAna) }
            #expect(await rpcFailure { _ = try await client.getTrip(.with { $0.tripID = created.id }, metadata: asAna) }?.reason == "NOT_FOUND")
            #expect(try await store.due(at: Date().addingTimeInterval(1), limit: 10).map(\.subjectID.lowercasedString) == [created.id])

            // Only services purge: a user may not wipe someone's trips.
            let purge = Roam_Purge_V1_PurgeService.Client(wrapping: grpc)
            #expect(
                await rpcFailure { _ = try await purge.purgeUser(.with { $0.userID = ana.lowercasedString }, metadata: asBo) }?.reason
                    == "PERMISSION_DENIED")
            let asService: Metadata = ["authorization": "Bearer \(try await tokens.serviceToken())"]
            _ = try await purge.purgeUser(.with { $0.userID = ana.lowercasedString }, metadata: asService)
            #expect(try await client.listMyTrips(.init(), metadata: asAna).trips.isEmpty)
        }
    }

    @Test func aDueReminderReachesItsOwnersStreamAndNoOneElses() async throws {
        let tokens = await TestTokens()
        let trips = TripService(trips: store, now: { TripFixtures.utc("2026-06-12T10:00:00Z") })
        let notifications = UserStreams<TripNotification>()
        let worker = ReminderWorker(
            reminders: store, interval: .seconds(3_600),
            announce: { reminders in
                for reminder in reminders { notifications.deliver(.reminder(reminder, at: Date()), to: reminder.ownerID) }
            }, now: { TripFixtures.utc("2026-06-19T00:00:00Z") }, logger: .init(label: "test"))
        try await InProcessService.run([service(trips, notifications: notifications)], verifier: try await tokens.verifier(), anonymousMethods: []) {
            grpc, _ in
            let client = Roam_Trips_V1_TripsService.Client(wrapping: grpc)
            let (ana, bo) = (UUID(), UUID())
            let asAna: Metadata = ["authorization": "Bearer \(try await tokens.userToken(ana))"]
            let asBo: Metadata = ["authorization": "Bearer \(try await tokens.userToken(bo))"]
            let trip = try await client.createTrip(
                .with {
                    $0.trip = .with {
                        $0.title = "Lisbon"
                        $0.destination = .with { $0.name = "Lisbon" }
                        $0.startDate = "2026-06-20"
                        $0.endDate = "2026-06-27"
                        $0.timeZone = "Europe/Lisbon"
                        $0.homeCurrency = "EUR"
                    }
                }, metadata: asAna
            ).trip
            // Bo's stream stays open beside Ana's and hears nothing of her trip.
            let bosKinds = Mutex<[Roam_Trips_V1_TripNotificationKind]>([])
            let bosStream = Task {
                try await client.streamNotifications(.init(), metadata: asBo) { response in
                    for try await notification in response.messages { bosKinds.withLock { $0.append(notification.kind) } }
                }
            }
            while notifications.openStreams < 1 { try await Task.sleep(for: .milliseconds(10)) }
            let received = try await client.streamNotifications(.init(), metadata: asAna) { response in
                var received: [Roam_Trips_V1_TripNotification] = []
                for try await notification in response.messages {
                    received.append(notification)
                    if notification.kind == .connected { #expect(try await worker.sendDue() == 1) }
                    if received.count == 2 { break }
                }
                return received
            }
            #expect(received.map(\.kind) == [.connected, .tripStarting])
            let reminder = try #require(received.last)
            #expect(reminder.tripID == trip.id && reminder.title == "Lisbon" && reminder.date == "2026-06-20" && reminder.itemID.isEmpty)
            #expect(reminder.dueAt.date == TripFixtures.utc("2026-06-18T23:00:00Z"))
            try await Task.sleep(for: .milliseconds(200))
            #expect(bosKinds.withLock { $0 } == [.connected])
            bosStream.cancel()
        }
    }

    @Test func aStreamThatWasAwayIsSentWhatItMissedOnce() async throws {
        let tokens = await TestTokens()
        let trips = TripService(trips: store, now: { TripFixtures.utc("2026-06-19T00:00:00Z") })
        let notifications = UserStreams<TripNotification>()
        try await InProcessService.run([service(trips, notifications: notifications)], verifier: try await tokens.verifier(), anonymousMethods: []) {
            grpc, _ in
            let client = Roam_Trips_V1_TripsService.Client(wrapping: grpc)
            let ana = UUID()
            let asAna: Metadata = ["authorization": "Bearer \(try await tokens.userToken(ana))"]
            let trip = try await store.create(
                Trip(
                    id: UUID(), ownerID: ana, details: TripFixtures.trip("2026-06-20", "2026-06-27").details,
                    createdAt: TripFixtures.utc("2026-06-01T00:00:00Z")), idempotencyKey: nil)
            // Sent while no stream was open.
            let sent = try await store.claimDueReminders(at: TripFixtures.utc("2026-06-18T23:00:00Z"), limit: 10)
            #expect(sent.map(\.tripID) == [trip.id])
            func open(after: String) async throws -> [Roam_Trips_V1_TripNotification] {
                try await client.streamNotifications(.with { $0.after = .init(date: TripFixtures.utc(after)) }, metadata: asAna) { response in
                    var received: [Roam_Trips_V1_TripNotification] = []
                    for try await notification in response.messages {
                        received.append(notification)
                        if notification.kind == .connected {
                            // A live one after what was missed, to end the read.
                            notifications.deliver(
                                .reminder(
                                    Reminder(
                                        kind: .itinerary, ownerID: ana, tripID: trip.id, itemID: UUID(), title: "Live",
                                        date: LocalDate("2026-06-20")!, dueAt: Date(), sentAt: Date()), at: Date()), to: ana)
                        }
                        if notification.title == "Live" { break }
                    }
                    return received
                }
            }
            let missed = try await open(after: "2026-06-18T22:00:00Z")
            #expect(missed.map(\.kind) == [.connected, .tripStarting, .itineraryReminder])
            #expect(missed[1].tripID == trip.id.lowercasedString && missed[1].at.date == TripFixtures.utc("2026-06-18T23:00:00Z"))
            let caughtUp = try await open(after: "2026-06-18T23:00:00Z")
            #expect(caughtUp.map(\.kind) == [.connected, .itineraryReminder], "nothing sent after that instant")
        }
    }

    @Test func theCallsOnlyServicesMakeAreDeclaredOnceAndRefusedToUsers() async throws {
        let walks = WalkService(walks: InMemoryWalkStore(), media: InMemoryMediaAttachments(), graph: FakeSocialGraph(), groupWalks: FakeGroupWalks())
        let purge = PurgeGRPCService(TripsPurge(trips: TripService(trips: store), places: store, walks: walks), purgedUsers: .inMemory)
        let declared = ServiceHost.serviceOnlyMethods(of: [WalksGRPCService(walks: walks), purge])
        #expect(
            declared == [
                Roam_Trips_V1_WalksService.Method.CheckWalk.descriptor, Roam_Purge_V1_PurgeService.Method.PurgeUser.descriptor,
                Roam_Purge_V1_PurgeService.Method.PurgeEvent.descriptor, Roam_Purge_V1_PurgeService.Method.PurgeTrip.descriptor,
            ])
        let tokens = await TestTokens()
        try await InProcessService.run([WalksGRPCService(walks: walks)], verifier: try await tokens.verifier(), anonymousMethods: []) { grpc, _ in
            let client = Roam_Trips_V1_WalksService.Client(wrapping: grpc)
            let check = Roam_Trips_V1_CheckWalkRequest.with {
                $0.walkID = UUID().lowercasedString; $0.readerID = UUID().lowercasedString
            }
            let refused = await #expect(throws: RPCError.self) {
                _ = try await client.checkWalk(check, metadata: ["authorization": "Bearer \(try await tokens.userToken(UUID()))"])
            }
            #expect(refused?.code == .permissionDenied)
            let answer = try await client.checkWalk(check, metadata: ["authorization": "Bearer \(try await tokens.serviceToken("feed"))"])
            #expect(!answer.visible, "a service is answered")
        }
    }
}
