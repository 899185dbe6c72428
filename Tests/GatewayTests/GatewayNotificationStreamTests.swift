import Foundation
import RoamLocal
import RoamRuntime
import RoamTesting
import Testing

@testable import Events
@testable import Gateway
@testable import Trips

/// `/v1/me/notifications/stream` merges what events and trips publish for the caller into one
/// Server-Sent Events stream, and goes on with one part when the other is down.
@Suite struct GatewayNotificationStreamTests {
    static func streamSettings() throws -> GatewaySettings {
        try GatewayHarness.settings(["STREAM_HEARTBEAT": "1s"])
    }

    /// The caller's id and the lines of their stream, held open by curl.
    static func openStream(
        _ http: HTTPTestClient, before: @Sendable (UUID) async throws -> Void = { _ in },
        lastEventID: String? = nil
    ) async throws -> (user: UUID, token: String, lines: LineSink, curl: ChildProcess) {
        let token = try await GatewayAccountsTests.signUp(http).access
        let user = try #require(UUID(uuidString: try await http.send("GET", "/v1/me", token: token).json()["userId"] as? String ?? ""))
        try await before(user)
        let lines = LineSink()
        let resume = lastEventID.map { ["-H", "Last-Event-ID: \($0)"] } ?? []
        let curl = try ChildProcess(
            name: "curl", executable: "/usr/bin/curl",
            arguments: ["-sN", "-H", "Authorization: Bearer \(token)"] + resume + ["\(http.base.absoluteString)/v1/me/notifications/stream"],
            environment: [:]
        ) { lines.append($0) }
        return (user, token, lines, curl)
    }

    static func dinner(for user: UUID) -> Reminder {
        Reminder(
            kind: .itinerary, ownerID: user, tripID: UUID(), itemID: UUID(), placeID: UUID(), title: "Tasca do Chico",
            date: LocalDate("2031-06-12")!, minuteOfDay: 20 * 60, dueAt: ISO8601DateFormatter().date(from: "2031-06-12T18:00:00Z")!)
    }

    @Test func eventNotificationsAndTripRemindersArriveOnOneStream() async throws {
        let hub = NotificationHub()
        let events = EventService(events: InMemoryEventStore(), hasher: GatewayHarness.fastHasher, policy: EventPolicy(), notifications: hub)
        let reminders = UserStreams<TripNotification>()
        try await GatewayTripsTests.withTrips(
            notifications: reminders, events: [EventsGRPCService(events: events, notifications: hub)],
            settings: try Self.streamSettings()
        ) { http in
            let (user, _, lines, curl) = try await Self.openStream(http)
            defer { curl.terminate() }
            #expect(await lines.waitFor { $0 == "event: connected" })
            let eventID = UUID()
            hub.deliver(EventNotification(kind: .eventChanged, eventID: eventID, at: Date()), to: user)
            let dinner = Self.dinner(for: user)
            reminders.deliver(.reminder(dinner, at: Date()), to: user)
            #expect(await lines.waitFor { $0 == "event: event_changed" })
            #expect(await lines.waitFor { $0 == "event: itinerary_reminder" })
            let data = try #require(lines.all.first { $0.hasPrefix("data: ") && $0.contains("itinerary_reminder") })
            let reminder = try #require(try JSONSerialization.jsonObject(with: Data(data.dropFirst(6).utf8)) as? [String: Any])
            #expect(
                reminder["title"] as? String == "Tasca do Chico" && reminder["time"] as? String == "20:00"
                    && reminder["date"] as? String == "2031-06-12")
            #expect(
                reminder["tripId"] as? String == dinner.tripID.lowercasedString && reminder["placeId"] as? String == dinner.placeID?.lowercasedString)
            #expect(reminder["dueAt"] as? String == "2031-06-12T18:00:00.000Z")
            #expect(lines.all.contains { $0.contains(eventID.lowercasedString) })
            #expect(lines.all.filter { $0 == "event: connected" }.count == 1 && !lines.all.contains("event: error"))
            // Another user's reminder does not reach this stream.
            reminders.deliver(.reminder(Self.dinner(for: UUID()), at: Date()), to: UUID())
            #expect(await lines.waitFor { $0 == ": keep-alive" })
            #expect(lines.all.filter { $0 == "event: itinerary_reminder" }.count == 1)
        }
    }

    @Test func withEventsDownTheStreamSaysSoAndGoesOnWithTrips() async throws {
        let reminders = UserStreams<TripNotification>()
        // No events service answers: its part fails at once.
        try await GatewayTripsTests.withTrips(notifications: reminders, settings: try Self.streamSettings()) { http in
            let (user, _, lines, curl) = try await Self.openStream(http)
            defer { curl.terminate() }
            #expect(await lines.waitFor { $0 == "event: connected" })
            let error = try #require(lines.all.first { $0.hasPrefix("data: ") && $0.contains("events notifications:") })
            let problem = try #require(try JSONSerialization.jsonObject(with: Data(error.dropFirst(6).utf8)) as? [String: Any])
            #expect(problem["status"] as? Int != nil && problem["reason"] as? String != nil)
            reminders.deliver(.reminder(Self.dinner(for: user), at: Date()), to: user)
            #expect(await lines.waitFor { $0 == "event: itinerary_reminder" })
        }
    }

    @Test func aPartThatEndsIsFollowedAgainFromWhereItLeft() async throws {
        let reminders = UserStreams<TripNotification>()
        let store = InMemoryTripStore()
        try await GatewayTripsTests.withTrips(store: store, notifications: reminders, settings: try Self.streamSettings()) { http in
            let (user, _, lines, curl) = try await Self.openStream(http)
            defer { curl.terminate() }
            #expect(await lines.waitFor { $0 == "event: connected" })
            while reminders.openStreams < 1 { try await Task.sleep(for: .milliseconds(20)) }
            // Trips stops (as on a restart): its stream ends, the client hears so, and the gateway follows it again.
            reminders.finishAll()
            // Meanwhile a reminder goes out: tomorrow's trip, made yesterday, is due since today's midnight.
            let day = 86_400.0
            let tomorrow = ISO8601DateFormatter.string(
                from: Date().addingTimeInterval(day), timeZone: TimeZone(identifier: "UTC")!, formatOptions: [.withFullDate])
            let draft = try TripDraft(
                title: "Tomorrow", destination: Destination(name: "London"), startDate: tomorrow, endDate: tomorrow,
                timeZone: "Africa/Abidjan", homeCurrency: "XOF"
            ).validated()
            _ = try await store.create(
                Trip(id: UUID(), ownerID: user, details: draft, createdAt: Date().addingTimeInterval(-day)), idempotencyKey: nil)
            #expect(try await store.claimDueReminders(at: Date(), limit: 10).count == 1)
            #expect(await lines.waitFor { $0.hasPrefix("data: ") && $0.contains("trips notifications:") })
            #expect(await lines.waitFor { $0 == "event: trip_starting" }, "sent while the part was away")
            for _ in 0..<200 where reminders.openStreams < 1 { try await Task.sleep(for: .milliseconds(20)) }
            #expect(reminders.openStreams == 1)
            reminders.deliver(.reminder(Self.dinner(for: user), at: Date()), to: user)
            #expect(await lines.waitFor { $0 == "event: itinerary_reminder" })
            #expect(lines.all.filter { $0 == "event: connected" }.count == 1)
        }
    }

    /// A trip-start reminder sent at `sentAt` while the client was away; then the client's stream,
    /// opened with `Last-Event-ID` `sentAt` plus `offset` milliseconds, until a heartbeat.
    /// A trip-start reminder sent an hour ago while the client was away (the trip, in a zone on UTC,
    /// begins the day after); then the client's stream, opened with `Last-Event-ID` that moment plus
    /// `offset` milliseconds, until a heartbeat. The lines, and when the reminder was sent and due.
    static func streamAfterMissing(lastEventIDOffset offset: Int64) async throws -> (lines: [String], sentAt: Date, dueAt: Date) {
        try await streamAfterMissing { sentAt in "\(Int64(sentAt.timeIntervalSince1970 * 1_000) + offset)" }
    }

    /// The same with `trips` trips starting (their reminders all sent at one instant) and the
    /// `Last-Event-ID` made from that instant.
    static func streamAfterMissing(
        trips: Int = 1, lastEventID: @escaping @Sendable (Date) -> String
    ) async throws -> (lines: [String], sentAt: Date, dueAt: Date) {
        let store = InMemoryTripStore()
        let received = LineSink()
        let sentAt = Date(timeIntervalSince1970: (Date().timeIntervalSince1970 - 3_600).rounded(.down))
        let dueAt = TripZone.utc.interval(of: TripZone.utc.date(of: sentAt)).lowerBound
        let firstDay = TripZone.utc.date(of: sentAt).adding(days: 1).description
        try await GatewayTripsTests.withTrips(store: store, settings: try Self.streamSettings()) { http in
            let (_, _, lines, curl) = try await Self.openStream(
                http,
                before: { user in
                    let draft = try TripDraft(
                        title: "Abidjan", destination: Destination(name: "Abidjan"), startDate: firstDay, endDate: firstDay,
                        timeZone: "Africa/Abidjan", homeCurrency: "XOF"
                    ).validated()
                    for _ in 0..<trips {
                        _ = try await store.create(
                            Trip(id: UUID(), ownerID: user, details: draft, createdAt: sentAt.addingTimeInterval(-2 * 86_400)),
                            idempotencyKey: nil)
                    }
                    _ = try await store.claimDueReminders(at: sentAt, limit: 10)
                }, lastEventID: lastEventID(sentAt))
            defer { curl.terminate() }
            // Every part is listening once `connected` is sent (what was missed went out before); a
            // heartbeat after it closes the window. A loaded machine may send a heartbeat sooner.
            #expect(
                await eventually {
                    let all = lines.all
                    guard let connected = all.firstIndex(of: "event: connected") else { return false }
                    return all[connected...].contains(": keep-alive")
                })
            for line in lines.all { received.append(line) }
        }
        return (received.all, sentAt, dueAt)
    }

    @Test func aClientBackWithLastEventIDIsSentTheRemindersItMissed() async throws {
        let (missed, sentAt, dueAt) = try await Self.streamAfterMissing(lastEventIDOffset: -60_000)
        let index = try #require(missed.firstIndex(of: "event: trip_starting"))
        #expect(index > 0 && missed[index - 1].hasPrefix("id: trips=\(sentAt.microsecondsSince1970)."), "its id says where trips had got to")
        let due = InternetDateTranscoder.string(from: dueAt)
        #expect(missed.contains { $0.contains("\"title\":\"Abidjan\"") && $0.contains("\"dueAt\":\"\(due)\"") })
        // With its own id, nothing is sent again.
        let caughtUp = try await Self.streamAfterMissing(lastEventIDOffset: 0).lines
        #expect(caughtUp.contains("event: connected") && !caughtUp.contains("event: trip_starting"))
        // An id that is not one of ours (far in the future here) is ignored, not an error: the stream
        // starts from now.
        let wild = try await Self.streamAfterMissing(lastEventIDOffset: Int64.max / 2).lines
        #expect(wild.contains("event: connected") && !wild.contains("event: trip_starting"))
        #expect(!wild.contains { $0.contains("trips notifications:") }, "trips answered as ever")
    }

    /// Three reminders sent at one instant: each with its own id, and a position within that instant
    /// is honoured (which of them sorts where is the repositories' contract).
    @Test func remindersSentAtOneInstantHaveEachTheirIDAndResumeWithinIt() async throws {
        let (first, _, _) = try await Self.streamAfterMissing(trips: 3) { sentAt in "\(Int64(sentAt.timeIntervalSince1970 * 1_000) - 60_000)" }
        let ids = first.filter { $0.hasPrefix("id: trips=") }
        #expect(ids.count == 3 && Set(ids).count == 3, "three reminders, three ids: \(ids)")
        func reminders(after position: @escaping @Sendable (Date) -> String) async throws -> Int {
            try await Self.streamAfterMissing(trips: 3, lastEventID: position).lines.filter { $0 == "event: trip_starting" }.count
        }
        #expect(try await reminders { "trips=\($0.microsecondsSince1970)" } == 0, "a position without an id: after all sent then")
        #expect(try await reminders { "trips=\($0.microsecondsSince1970 - 1)" } == 3)
        #expect(try await reminders { "trips=\($0.microsecondsSince1970).00000000-0000-0000-0000-000000000000" } == 3)
        #expect(try await reminders { "trips=\($0.microsecondsSince1970).ffffffff-ffff-ffff-ffff-ffffffffffff" } == 0)
        #expect(try await reminders { "budget=\($0.microsecondsSince1970 - 1)" } == 0, "trips from when the stream opened")
    }

    @Test func budgetAlertsArriveOnTheStreamWithAnIDAndComeAgainAfterLastEventID() async throws {
        try await GatewayTripsTests.withTrips(settings: try Self.streamSettings()) { http in
            let (_, token, lines, curl) = try await Self.openStream(http)
            defer { curl.terminate() }
            #expect(await lines.waitFor { $0 == "event: connected" })
            #expect(!lines.all.contains { $0.contains("budget notifications:") || $0.contains("trips notifications:") }, "budget and trips listen")
            let trip = try #require(try await http.send("POST", "/v1/trips", json: GatewayTripsTests.lisbon, token: token).json()["id"] as? String)
            #expect(
                try await http.send("PUT", "/v1/trips/\(trip)/budget", json: ["total": "100", "alertThresholds": [50]], token: token).status == 200)
            for amount in ["30", "30"] {
                #expect(
                    try await http.send(
                        "POST", "/v1/trips/\(trip)/expenses",
                        json: [
                            "amount": amount, "currency": "EUR", "spentAt": "2031-06-10T12:00:00Z", "category": "food",
                        ], token: token
                    ).status == 201)
            }
            // The first expense crossed the day's allowance (100.00 over 8 days), the second the total's 50 %.
            #expect(await lines.waitFor { line in line.contains("\"limit\":\"total\"") })
            let data = try #require(lines.all.first { $0.hasPrefix("data: ") && $0.contains("\"limit\":\"total\"") })
            let alert = try #require(try JSONSerialization.jsonObject(with: Data(data.dropFirst(6).utf8)) as? [String: Any])
            #expect(alert["kind"] as? String == "budget_alert" && alert["tripId"] as? String == trip && alert["percent"] as? Int == 50)
            #expect((alert["spent"] as? [String: Any])?["amount"] as? String == "60.00")
            #expect((alert["limitAmount"] as? [String: Any])?["amount"] as? String == "100.00")
            let index = try #require(lines.all.firstIndex(of: data))
            #expect(index >= 2 && lines.all[index - 1] == "event: budget_alert" && lines.all[index - 2].hasPrefix("id: "))
            #expect(lines.all.filter { $0.contains("\"limit\":\"day\"") }.count == 1, "the day's allowance once")
            // Back a second before it with Last-Event-ID: the alerts come again, before or after `connected`.
            let budgetPosition = try #require(lines.all[index - 2].split(separator: ";").first { $0.hasPrefix("budget=") }?.dropFirst(7))
            let sent = try #require(Int64(budgetPosition.split(separator: ".")[0]))
            let again = LineSink()
            let resumed = try ChildProcess(
                name: "curl", executable: "/usr/bin/curl",
                arguments: [
                    "-sN", "-H", "Authorization: Bearer \(token)", "-H", "Last-Event-ID: budget=\(sent - 1_000_000)",
                    "\(http.base.absoluteString)/v1/me/notifications/stream",
                ], environment: [:]
            ) { again.append($0) }
            defer { resumed.terminate() }
            #expect(await again.waitFor { $0.contains("\"limit\":\"total\"") })
        }
    }

    @Test func theStreamNeedsASignedInUser() async throws {
        try await GatewayTripsTests.withTrips { http in
            let anonymous = try await http.send("GET", "/v1/me/notifications/stream")
            #expect(anonymous.status == 401)
        }
    }
}
