import Foundation
import MediaTesting
import PostgresNIO
import RoamTesting
import Testing

/// The budget as a real process behind the real gateway, asking the real trips service who owns a trip:
/// rates loaded with `roam rates import`, expenses in three currencies, refusals as clients see them,
/// exports, and purges reaching it from trips and accounts.
@Suite(.serialized) struct BudgetEndToEndTests {
    @Test func aTripsBudgetThroughTheGatewayAndItsPurges() async throws {
        let (tripsPort, budgetPort) = (FreePort.next(), FreePort.next())
        let stack = try await ProcessStack.startAccounts(environment: [
            "USER_PURGE_TARGETS": "trips=127.0.0.1:\(tripsPort);budget=127.0.0.1:\(budgetPort)"
        ])
        let (trips, _) = try await stack.startTrips(port: tripsPort, environment: ["TRIP_PURGE_TARGETS": "budget=127.0.0.1:\(budgetPort)"])
        let (budget, _) = try await stack.startBudget(tripsPort: tripsPort, port: budgetPort)
        let (bucketLists, bucketListsPort) = try await stack.startBucketLists()
        // The gateway is ready once every service answers: events, feed and media too.
        let (media, mediaPort) = try await stack.startMedia()
        let (events, eventsPort) = try await stack.startEvents()
        let (feed, feedPort) = try await stack.startFeed(eventsPort: eventsPort)
        let (gateway, http) = try await stack.startGateway(
            tripsPort: tripsPort, budgetPort: budgetPort, bucketListsPort: bucketListsPort,
            environment: [
                "MEDIA_ADDRESS": "127.0.0.1:\(mediaPort)", "EVENTS_ADDRESS": "127.0.0.1:\(eventsPort)", "FEED_ADDRESS": "127.0.0.1:\(feedPort)",
                "RATE_LIMIT_PER_USER": "1000", "RATE_LIMIT_PER_USER_BURST": "1000",
            ])
        func signUp(_ name: String) async throws -> String { try await http.signUp(name).token }
        let token = try await signUp("spender"), stranger = try await signUp("stranger")
        let tripID = try #require(
            try await http.send(
                "POST", "/v1/trips",
                json: [
                    "title": "Lisbon", "destination": ["name": "Lisbon"], "startDate": "2031-06-10", "endDate": "2031-06-16",
                    "timeZone": "Europe/Lisbon", "homeCurrency": "EUR",
                ], token: token
            ).json()["id"] as? String)

        // An operator loads the ECB's daily file; Saturday's expenses take Friday's rate.
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("eurofxref-\(UUID().uuidString).csv")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data("Date, USD, JPY, CYP, \n13 June 2031, 1.2500, 160.00, N/A, \n".utf8).write(to: file)
        let imported = try await roam(["rates", "import", file.path], budgetPort: budgetPort)
        #expect(
            imported.status == 0 && imported.output.hasPrefix("2 rates for 1 days written (2031-06-13 to 2031-06-13), 1 cells skipped"),
            "\(imported.output)")

        let set = try await http.send(
            "PUT", "/v1/trips/\(tripID)/budget",
            json: [
                "total": "700", "caps": ["food": "100", "lodging": "700"], "categories": ["Diving"],
            ], token: token)
        #expect(set.status == 200, "\(String(decoding: set.body, as: UTF8.self))")
        let plan = try set.json()
        #expect(plan["capsExceedTotal"] as? Bool == true && (plan["total"] as? [String: Any])?["amount"] as? String == "700.00")
        #expect((plan["categories"] as? [String])?.last == "diving" && plan["alertThresholds"] as? [Int] == [80, 100])

        func spend(
            _ amount: String, _ currency: String, at instant: String, category: String = "food", key: String? = nil,
            as caller: String? = nil
        ) async throws -> HTTPTestClient.Reply {
            try await http.send(
                "POST", "/v1/trips/\(tripID)/expenses",
                json: [
                    "amount": amount, "currency": currency, "spentAt": instant, "category": category, "note": "=cmd|' /C calc'!A0",
                ], token: caller ?? token, headers: key.map { ["Idempotency-Key": $0] } ?? [:])
        }
        let dollars = try await spend("12.50", "USD", at: "2031-06-14T12:00:00Z", key: "dinner")
        #expect(dollars.status == 201, "\(String(decoding: dollars.body, as: UTF8.self))")
        let dinner = try dollars.json()
        #expect((dinner["converted"] as? [String: Any])?["amount"] as? String == "10.00")
        #expect(
            dinner["rateSource"] as? String == "reference" && dinner["rateDate"] as? String == "2031-06-13"
                && dinner["date"] as? String == "2031-06-14")
        let retried = try await spend("12.50", "USD", at: "2031-06-14T12:00:00Z", key: "dinner")
        #expect(try retried.json()["id"] as? String == dinner["id"] as? String)
        // References are checked: a pin that is not one of this trip's, a place that does not exist.
        for (field, id) in [("pinId", UUID()), ("placeId", UUID())] {
            let dangling = try await http.send(
                "POST", "/v1/trips/\(tripID)/expenses",
                json: [
                    "amount": "1", "currency": "EUR", "spentAt": "2031-06-14T12:00:00Z", "category": "food", field: id.lowercasedString,
                ], token: token)
            #expect(dangling.status == 400 && dangling.problemFields == [field], "\(field): \(dangling.status) \(dangling.text.prefix(200))")
        }
        let reused = try await spend("99", "USD", at: "2031-06-14T12:00:00Z", key: "dinner")
        #expect(reused.status == 422 && reused.reason == "IDEMPOTENCY_KEY_REUSED", "another expense under the key: \(reused.text)")
        #expect(try await spend("1600", "JPY", at: "2031-06-13T09:00:00Z", category: "transport").status == 201)
        #expect(try await spend("150", "EUR", at: "2031-06-10T20:00:00Z", category: "lodging").status == 201)

        // Refusals, each named as the client wrote it.
        let tooPrecise = try await spend("12.345", "USD", at: "2031-06-14T12:00:00Z")
        let tooPreciseField = (try tooPrecise.json()["errors"] as? [[String: Any]])?.first?["field"] as? String
        #expect(tooPrecise.status == 400 && tooPreciseField == "amount")
        let noRate = try await spend("20", "CHF", at: "2031-06-14T12:00:00Z")
        let noRateProblem = try noRate.json()
        #expect(noRate.status == 422 && noRateProblem["reason"] as? String == "RATE_UNAVAILABLE")
        #expect((noRateProblem["detail"] as? String)?.contains("CHF") == true && (noRateProblem["detail"] as? String)?.contains("2031-06-14") == true)
        let badTime = try await http.send(
            "POST", "/v1/trips/\(tripID)/expenses",
            json: [
                "amount": "5", "currency": "EUR", "spentAt": "tomorrow", "category": "food",
            ], token: token)
        #expect(badTime.status == 400)
        let unknownCategory = try await spend("5", "EUR", at: "2031-06-14T12:00:00Z", category: "casino")
        let unknownCategoryField = (try unknownCategory.json()["errors"] as? [[String: Any]])?.first?["field"] as? String
        #expect(unknownCategory.status == 400 && unknownCategoryField == "category")
        #expect(try await spend("5", "EUR", at: "2031-06-14T12:00:00Z", as: stranger).status == 404)
        #expect(try await http.send("GET", "/v1/trips/\(tripID)/budget", token: stranger).status == 404)
        #expect(try await http.send("GET", "/v1/trips/\(tripID)/expenses/\(dinner["id"] as? String ?? "")", token: stranger).status == 404)
        #expect(try await http.send("GET", "/v1/trips/not-a-uuid/budget", token: token).status == 400)

        // The owner's own rate comes first for new expenses; the old ones keep theirs.
        let rates = try await http.send("PUT", "/v1/trips/\(tripID)/rates/USD", json: ["rate": "0.5"], token: token)
        let firstRate = (try rates.json()["rates"] as? [[String: Any]])?.first?["rate"] as? String
        #expect(rates.status == 200 && firstRate == "0.5")
        let owned = try await spend("10", "USD", at: "2031-06-15T12:00:00Z")
        let ownedExpense = try owned.json()
        #expect((ownedExpense["converted"] as? [String: Any])?["amount"] as? String == "5.00" && ownedExpense["rateSource"] as? String == "owner")
        #expect(
            try await http.send("GET", "/v1/trips/\(tripID)/expenses/\(dinner["id"] as? String ?? "")", token: token).json()["rate"] as? String
                == "0.8")
        let ownedID = try #require(ownedExpense["id"] as? String)
        let edited = try await http.send("PATCH", "/v1/trips/\(tripID)/expenses/\(ownedID)", json: ["amount": "20", "note": "museum"], token: token)
        let editedExpense = try edited.json()
        #expect((editedExpense["converted"] as? [String: Any])?["amount"] as? String == "10.00" && editedExpense["note"] as? String == "museum")
        #expect(try await http.send("DELETE", "/v1/trips/\(tripID)/expenses/\(ownedID)", token: token).status == 204)
        #expect(try await http.send("DELETE", "/v1/trips/\(tripID)/expenses/\(ownedID)", token: token).status == 404)

        // 10.00 + 10.00 + 150.00 spent: the overview, a day's listing, statistics and the exports agree.
        let overview = try await http.send("GET", "/v1/trips/\(tripID)/budget?date=2031-06-14", token: token).json()
        #expect((overview["spent"] as? [String: Any])?["amount"] as? String == "170.00")
        #expect((overview["remaining"] as? [String: Any])?["amount"] as? String == "530.00")
        // The trip is still to come, so its days show the plan: 700.00 over 7 days.
        #expect(((overview["allowance"] as? [String: Any])?["adaptive"] as? [String: Any])?["amount"] as? String == "100.00")
        #expect(((overview["allowance"] as? [String: Any])?["leftToday"] as? [String: Any])?["amount"] as? String == "90.00")
        let day = try await http.send("GET", "/v1/trips/\(tripID)/expenses?date=2031-06-14", token: token).json()
        #expect((day["expenses"] as? [[String: Any]])?.map { $0["id"] as? String } == [dinner["id"] as? String])
        let statistics = try await http.send("GET", "/v1/trips/\(tripID)/budget/statistics", token: token).json()
        #expect(statistics["expenseCount"] as? Int == 3 && (statistics["categories"] as? [[String: Any]])?.first?["category"] as? String == "lodging")
        let csv = try await http.send("GET", "/v1/trips/\(tripID)/expenses.csv", token: token)
        let csvText = String(decoding: csv.body, as: UTF8.self)
        #expect(csv.status == 200 && csv.body.starts(with: [0xEF, 0xBB, 0xBF]) && csvText.components(separatedBy: "\r\n").count == 5)
        #expect(csvText.contains(",'=cmd|' /C calc'!A0,"), "a formula is escaped")
        let chart = try await http.send("GET", "/v1/trips/\(tripID)/budget/charts/per-day", token: token)
        #expect(chart.status == 200 && String(decoding: chart.body, as: UTF8.self).contains("<svg"))
        #expect(try await http.send("GET", "/v1/trips/\(tripID)/budget/charts/pie", token: token).status == 400)

        // Deleting the trip reaches budget through the trips outbox; deleting the account, through accounts'.
        #expect(try await count("budget.expenses", stack.adminURL) == 3)
        #expect(try await http.send("DELETE", "/v1/trips/\(tripID)", token: token).status == 204)
        #expect(await eventually { (try? await count("budget.budgets", stack.adminURL)) == 0 })
        let second = try #require(
            try await http.send(
                "POST", "/v1/trips",
                json: [
                    "title": "Porto", "destination": ["name": "Porto"], "startDate": "2031-07-01", "endDate": "2031-07-02",
                    "timeZone": "Europe/Lisbon", "homeCurrency": "EUR",
                ], token: token
            ).json()["id"] as? String)
        #expect(
            try await http.send(
                "POST", "/v1/trips/\(second)/expenses",
                json: [
                    "amount": "3", "currency": "EUR", "spentAt": "2031-07-01T10:00:00Z", "category": "food",
                ], token: token
            ).status == 201)
        #expect(try await http.send("DELETE", "/v1/me", json: ["password": "correct horse battery"], token: token).status == 204)
        #expect(await eventually { (try? await count("budget.expenses", stack.adminURL)) == 0 })
        await expectCleanStops(gateway, bucketLists, budget, trips, feed, events, media, stack.accounts)
    }

    /// Runs the `roam` command against the budget service at `budgetPort`.
    func roam(_ arguments: [String], budgetPort: Int) async throws -> (status: Int32, output: String) {
        try await runRoam(arguments, environment: ["BUDGET_ADDRESS": "127.0.0.1:\(budgetPort)"])
    }

    /// Rows in `table`, read as the administrator.
    func count(_ table: String, _ adminURL: String) async throws -> Int {
        try await ProcessStack.withAdmin(adminURL) { client in
            let rows = try await client.query(PostgresQuery(unsafeSQL: "SELECT count(*) FROM \(table)"), logger: .init(label: "test"))
            for try await count in rows.decode(Int.self) { return count }
            return 0
        }
    }
}

/// The trip day, the trip's calendar and its summary through the gateway with every service a real
/// process, then the same calls with budget stopped: the other parts arrive and budget's says so.
@Suite(.serialized) struct TripViewsEndToEndTests {
    @Test func aTripDayCalendarAndSummaryInOneCallEachAlsoWithBudgetStopped() async throws {
        let (tripsPort, budgetPort, mediaPort) = (FreePort.next(), FreePort.next(), FreePort.next())
        let stack = try await ProcessStack.startAccounts()
        let (media, _) = try await stack.startMedia(port: mediaPort)
        let (events, eventsPort) = try await stack.startEvents()
        let (feed, feedPort) = try await stack.startFeed(eventsPort: eventsPort)
        let (trips, _) = try await stack.startTrips(port: tripsPort, environment: ["MEDIA_ADDRESS": "127.0.0.1:\(mediaPort)"])
        let (budget, _) = try await stack.startBudget(tripsPort: tripsPort, port: budgetPort)
        let (bucketLists, bucketListsPort) = try await stack.startBucketLists()
        let (gateway, http) = try await stack.startGateway(
            tripsPort: tripsPort, budgetPort: budgetPort, bucketListsPort: bucketListsPort,
            environment: [
                "MEDIA_ADDRESS": "127.0.0.1:\(mediaPort)", "EVENTS_ADDRESS": "127.0.0.1:\(eventsPort)", "FEED_ADDRESS": "127.0.0.1:\(feedPort)",
                "RATE_LIMIT_PER_USER": "1000", "RATE_LIMIT_PER_USER_BURST": "1000", "FANOUT_TIMEOUT": "10s",
            ])
        let signUp = try await http.send(
            "POST", "/v1/auth/signup",
            json: [
                "email": "diarist@example.com", "username": "diarist", "password": "correct horse battery", "displayName": "Diarist",
            ])
        let token = try #require((try signUp.json()["tokens"] as? [String: Any])?["accessToken"] as? String)
        let tripID = try #require(
            try await http.send(
                "POST", "/v1/trips",
                json: [
                    "title": "Lisbon", "destination": ["name": "Lisbon"], "startDate": "2025-06-10", "endDate": "2025-06-12",
                    "timeZone": "Europe/Lisbon", "homeCurrency": "EUR",
                ], token: token
            ).json()["id"] as? String)

        // Two photos: 23:50 local on the 10th, and 00:10 local on the 11th (still the 10th in UTC).
        func upload(_ wallClock: String) async throws -> String {
            let reply = try await http.send(
                "POST", "/v1/media",
                body: try TestPhoto.bytes(exif: [
                    "exif-ifd2-DateTimeOriginal": wallClock, "exif-ifd2-OffsetTimeOriginal": "+01:00",
                ]), token: token, headers: ["Content-Type": "image/jpeg"])
            return try #require(try reply.json()["mediaId"] as? String)
        }
        let lateEvening = try await upload("2025:06:10 23:50:00"), afterMidnight = try await upload("2025:06:11 00:10:00")
        #expect(
            try await http.send(
                "POST", "/v1/trips/\(tripID)/journal", json: ["title": "Arrival", "body": "Tiles.", "date": "2025-06-10"],
                token: token
            ).status == 201)
        #expect(
            try await http.send(
                "POST", "/v1/trips/\(tripID)/pins",
                json: [
                    "title": "Alfama", "description": "Old town", "point": ["latitude": 38.7118, "longitude": -9.1300],
                    "visitedAt": "2025-06-10T10:00:00Z",
                ], token: token
            ).status == 201)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("eurofxref-\(UUID().uuidString).csv")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data("Date,USD,\n2025-06-10,1.1000,\n".utf8).write(to: file)
        #expect(try await runRoam(["rates", "import", file.path], environment: ["BUDGET_ADDRESS": "127.0.0.1:\(budgetPort)"]).status == 0)
        #expect(try await http.send("PUT", "/v1/trips/\(tripID)/budget", json: ["total": "300"], token: token).status == 200)
        for (amount, currency, at, category) in [
            ("20", "EUR", "2025-06-10T12:00:00Z", "food"), ("11", "USD", "2025-06-10T19:00:00Z", "transport"),
            ("5", "EUR", "2025-06-11T09:00:00Z", "food"),
        ] {
            let spent = try await http.send(
                "POST", "/v1/trips/\(tripID)/expenses",
                json: [
                    "amount": amount, "currency": currency, "spentAt": at, "category": category,
                ], token: token)
            #expect(spent.status == 201, "\(String(decoding: spent.body, as: UTF8.self))")
        }

        func statuses(_ view: [String: Any]) -> [String: String] {
            ((view["parts"] as? [String: [String: Any]]) ?? [:]).compactMapValues { $0["status"] as? String }
        }
        let tenth = try await http.send("GET", "/v1/trips/\(tripID)/days/2025-06-10", token: token).json()
        #expect(tenth["when"] as? String == "past")
        #expect(statuses(tenth) == ["photos": "ok", "journal": "ok", "pins": "ok", "route": "ok", "track": "ok", "itinerary": "ok", "budget": "ok"])
        #expect((tenth["photos"] as? [[String: Any]])?.map { $0["mediaId"] as? String } == [lateEvening])
        let signed = (tenth["photos"] as? [[String: Any]])?.first?["thumbnail"] as? String
        #expect(signed?.contains("variant=thumbnail") == true && signed?.contains("signature=") == true, "\(signed ?? "no link")")
        #expect((tenth["journalEntries"] as? [Any])?.count == 1 && (tenth["pins"] as? [Any])?.count == 1)
        let tenthBudget = try #require(tenth["budget"] as? [String: Any])
        #expect((tenthBudget["spent"] as? [String: Any])?["amount"] as? String == "30.00" && tenthBudget["expenseCount"] as? Int == 2)
        #expect(((tenthBudget["allowance"] as? [String: Any])?["planned"] as? [String: Any])?["amount"] as? String == "100.00")
        let eleventh = try await http.send("GET", "/v1/trips/\(tripID)/days/2025-06-11", token: token).json()
        #expect((eleventh["photos"] as? [[String: Any]])?.map { $0["mediaId"] as? String } == [afterMidnight])
        #expect(try await http.send("GET", "/v1/trips/\(tripID)/days/2025-06-13", token: token).status == 404)
        #expect(try await http.send("GET", "/v1/trips/\(tripID)/days/June-10", token: token).status == 400)
        // Trips and budget are asked while the trip is read: someone else still gets a plain 404.
        let stranger = try await http.send(
            "POST", "/v1/auth/signup",
            json: [
                "email": "stranger@example.com", "username": "stranger", "password": "correct horse battery", "displayName": "Stranger",
            ])
        let strangerToken = try #require((try stranger.json()["tokens"] as? [String: Any])?["accessToken"] as? String)
        let refused = try await http.send("GET", "/v1/trips/\(tripID)/days/2025-06-10", token: strangerToken)
        #expect(try refused.status == 404 && refused.json()["parts"] == nil)
        // A day to come: its plans and allowance, no photos asked for.
        let upcoming = try #require(
            try await http.send(
                "POST", "/v1/trips",
                json: [
                    "title": "Porto", "destination": ["name": "Porto"], "startDate": "2031-06-10", "endDate": "2031-06-12",
                    "timeZone": "Europe/Lisbon", "homeCurrency": "EUR",
                ], token: token
            ).json()["id"] as? String)
        #expect(try await http.send("PUT", "/v1/trips/\(upcoming)/budget", json: ["total": "300"], token: token).status == 200)
        let ahead = try await http.send("GET", "/v1/trips/\(upcoming)/days/2031-06-11", token: token).json()
        #expect(ahead["when"] as? String == "future" && ahead["photos"] == nil && ahead["journalEntries"] == nil)
        #expect(statuses(ahead) == ["savedPlaces": "ok", "itinerary": "ok", "budget": "ok"])
        #expect((ahead["savedPlaces"] as? [Any])?.isEmpty == true && (ahead["itinerary"] as? [Any])?.isEmpty == true)
        #expect(
            (((ahead["budget"] as? [String: Any])?["allowance"] as? [String: Any])?["planned"] as? [String: Any])?["amount"] as? String == "100.00")

        let calendar = try await http.send("GET", "/v1/trips/\(tripID)/calendar", token: token).json()
        #expect(statuses(calendar) == ["trips": "ok", "media": "ok", "budget": "ok"])
        let calendarDays = try #require(calendar["days"] as? [[String: Any]])
        #expect(calendarDays.map { $0["date"] as? String } == ["2025-06-10", "2025-06-11", "2025-06-12"])
        #expect(calendarDays.map { $0["photos"] as? Int } == [1, 1, 0] && calendarDays.map { $0["expenses"] as? Int } == [2, 1, 0])
        #expect(calendarDays.map { $0["pins"] as? Int } == [1, 0, 0] && calendarDays.map { $0["journalEntries"] as? Int } == [1, 0, 0])
        #expect((calendarDays.first?["spent"] as? [String: Any])?["amount"] as? String == "30.00")

        let summary = try await http.send("GET", "/v1/trips/\(tripID)/summary", token: token).json()
        #expect(summary["dayCount"] as? Int == 3 && summary["photos"] as? Int == 2 && summary["expenses"] as? Int == 3)
        #expect((summary["spent"] as? [String: Any])?["amount"] as? String == "35.00")
        #expect((summary["spendByCategory"] as? [[String: Any]])?.map { $0["category"] as? String } == ["food", "transport"])
        let covers = (summary["days"] as? [[String: Any]])?.map { ($0["cover"] as? [String: Any])?["mediaId"] as? String }
        #expect(covers == [lateEvening, afterMidnight, nil])

        // Budget stops: every view still answers, with budget's part unavailable and its figures absent.
        #expect(await budget.stop() == 0)
        let withoutBudget = try await http.send("GET", "/v1/trips/\(tripID)/days/2025-06-10", token: token)
        let dayView = try withoutBudget.json()
        #expect(withoutBudget.status == 200 && statuses(dayView)["budget"] == "unavailable" && dayView["budget"] == nil)
        #expect(statuses(dayView).filter { $0.key != "budget" }.values.allSatisfy { $0 == "ok" })
        #expect((dayView["photos"] as? [Any])?.count == 1)
        let calendarWithout = try await http.send("GET", "/v1/trips/\(tripID)/calendar", token: token).json()
        #expect(statuses(calendarWithout) == ["trips": "ok", "media": "ok", "budget": "unavailable"])
        #expect((calendarWithout["days"] as? [[String: Any]])?.first?["expenses"] == nil)
        #expect((calendarWithout["days"] as? [[String: Any]])?.first?["photos"] as? Int == 1)
        let summaryWithout = try await http.send("GET", "/v1/trips/\(tripID)/summary", token: token).json()
        #expect(statuses(summaryWithout)["budget"] == "unavailable" && summaryWithout["spent"] == nil && summaryWithout["photos"] as? Int == 2)
        await expectCleanStops(gateway, bucketLists, trips, feed, events, media, stack.accounts)
    }
}
