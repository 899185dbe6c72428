import Foundation
import PostgresNIO
import RoamTesting
import Testing

/// The fault suite: every Roam process on a real PostgreSQL under a steady mixed load through the
/// gateway, while the database stops, each process is killed, events end with the events service
/// down, and processes die between committing and answering. For each fault it prints and asserts:
/// no acknowledged write missing, no answer but a success or a refusal with a reason (503/504), how
/// long after the fault's end requests succeed again, and no process that died on its own.
@Suite(.serialized) struct FaultSuiteTests {
    /// How long any fault may take to heal before the suite calls it a failure; the figures printed
    /// (and copied into the README) are the measure, this is only the alarm.
    static let recoveryAlarm: Duration = .seconds(20)
    /// How long the events that end while the events service is down last.
    static let shortEventLength: Duration = .seconds(8)

    @Test func theStackThroughFaults() async throws {
        let stack = try await FullStack.start()
        let http = stack.http
        let signUp = try await http.send(
            "POST", "/v1/auth/signup",
            json: [
                "email": "steady@example.com", "username": "steady", "password": "correct horse battery", "displayName": "Steady",
            ])
        let token = try #require((try signUp.json()["tokens"] as? [String: Any])?["accessToken"] as? String)
        let tripID = try #require(
            try await http.send(
                "POST", "/v1/trips",
                json: [
                    "title": "Göteborg", "destination": ["name": "Gothenburg"], "startDate": "2031-06-10", "endDate": "2031-06-16",
                    "timeZone": "Europe/Stockholm", "homeCurrency": "SEK",
                ], token: token
            ).json()["id"] as? String)
        #expect(try await http.send("PUT", "/v1/trips/\(tripID)/budget", json: ["total": "100000"], token: token).status == 200)

        // Another user's story, for the load to report to the moderators.
        let other = try await http.signUp("steadyother")
        let reported = try await http.created(
            "/v1/stories", ["text": "Reported under load", "place": ["latitude": 57.7, "longitude": 11.97, "name": "Haga"]],
            token: other.token, key: "postId")
        let load = SteadyLoad(http: http, token: token, tripID: tripID, reportedStory: reported)
        let loadTask = Task { await load.run(workers: 2) }
        try await Task.sleep(for: .seconds(2))
        var outcomes: [FaultOutcome] = []

        // 1. PostgreSQL stops for five seconds.
        let outageStart = ContinuousClock.now
        try await stack.cluster.stop()
        try await Task.sleep(for: .seconds(2))
        #expect(try await http.send("GET", "/readyz").status == 503)
        // Every service says why it is not ready (one may take a moment longer to notice).
        var reasons: [String: String] = [:]
        let asked = ContinuousClock.now
        repeat {
            let readiness = try await stack.operatorHTTP.send("GET", "/readyz")
            #expect(readiness.status == 503)
            reasons = ((try? readiness.json()["services"]) as? [String: [String: Any]] ?? [:]).compactMapValues { $0["reason"] as? String }
            // The revocation feed (accounts' database is down too) is reported, but is not a service.
            reasons["revocations"] = nil
            if reasons.count < FullStack.names.count - 1 { try await Task.sleep(for: .milliseconds(200)) }
        } while reasons.count < FullStack.names.count - 1 && ContinuousClock.now - asked < .seconds(2)
        #expect(
            reasons.count == FullStack.names.count - 1 && reasons.values.allSatisfy { $0.hasPrefix("DATABASE_UNAVAILABLE") }, "\(reasons)")
        #expect(try await http.send("GET", "/healthz").status == 200)
        try await Task.sleep(for: .seconds(3))
        try await stack.cluster.restart()
        let outage = try await heal(
            "PostgreSQL stopped for 5 s", affected: Set(SteadyLoad.Kind.allCases), load: load,
            started: outageStart, ended: .now)
        outcomes.append(outage)
        let refusals = load.answers(from: outageStart).filter { $0.status == 503 || $0.status == 504 }
        // A request already waiting on the database when it went may run out of time (504); the rest
        // are told why at once.
        let databaseReasons = refusals.filter { $0.detail == "503 DATABASE_UNAVAILABLE" }.count
        #expect(
            !refusals.isEmpty && refusals.allSatisfy { ["503 DATABASE_UNAVAILABLE", "504 DEADLINE_EXCEEDED"].contains($0.detail) }
                && databaseReasons * 10 >= refusals.count * 9, "\(refusals.map(\.detail))")
        #expect(await eventually { (try? await http.send("GET", "/readyz").status) == 200 })

        // 2. Each process is killed and started again.
        for name in FullStack.names {
            let started = ContinuousClock.now
            await stack.kill(name)
            try await Task.sleep(for: .seconds(1))
            let ended = ContinuousClock.now
            try await stack.relaunch(name)
            let affected = name == "gateway" ? Set(SteadyLoad.Kind.allCases) : Set(SteadyLoad.Kind.allCases.filter { $0.service == name })
            outcomes.append(try await heal("\(name) killed (SIGKILL), restarted", affected: affected, load: load, started: started, ended: ended))
        }

        // 3. Events end while the events service is stopped; it starts again, ends them, records the
        //    purge in its outbox and dies before delivering it; started once more, it delivers.
        // The events must still be running when the service stops (a loaded machine can take seconds
        // to create them and to stop), so they last long enough and the outage outlasts them.
        let shortEventsStarted = ContinuousClock.now
        let eventPosts = try await postInShortEvents(http: http, token: token, count: 2)
        let eventsDown = ContinuousClock.now
        #expect(await stack.process("events").stop() == 0)
        #expect(ContinuousClock.now - shortEventsStarted < Self.shortEventLength, "the short events ended before events stopped")
        try await Task.sleep(until: shortEventsStarted + Self.shortEventLength + .seconds(2))
        try await stack.relaunch("events", changing: ["ROAM_CRASH_BEFORE_DELIVERY": "true"], waitUntilServing: false)
        #expect(await stack.waitForCrash("events") != nil, "events did not reach its outbox delivery")
        let eventsBack = ContinuousClock.now
        try await stack.relaunch("events")
        for post in eventPosts {
            #expect(
                await eventually(timeout: .seconds(30)) { (try? await http.send("GET", "/v1/posts/\(post)", token: token).status) == 404 },
                "post \(post) of an ended event is still in the feed")
        }
        print(
            "fault suite: the purge of events that ended while events was down reached the feed \(ContinuousClock.now - eventsBack) after events came back"
        )
        outcomes.append(try await heal("events down while events end", affected: [.nearbyEvents], load: load, started: eventsDown, ended: eventsBack))

        load.stop()
        await loadTask.value

        // 4. A process dies between committing a create and answering it; the client's retry with the
        //    same Idempotency-Key gets the original.
        try await retriedCreatesAfterCrashes(stack: stack, token: token, tripID: tripID)

        // Every acknowledged write is there, once.
        try await expectEveryAcknowledgedWrite(load, stack: stack, tripID: tripID)

        print("fault suite (\(outcomes.count) faults, 2 clients through the gateway):")
        for outcome in outcomes { print("  \(outcome)") }
        for outcome in outcomes {
            #expect(outcome.unexpected.isEmpty, "\(outcome.fault): \(outcome.unexpected.prefix(5).map { "\($0.kind) \($0.detail)" })")
            #expect(outcome.recovery != nil, "\(outcome.fault): not every kind of request succeeded again")
        }
        #expect(stack.exitedOnTheirOwn().isEmpty, "processes died on their own: \(stack.exitedOnTheirOwn())")
        let stops = await stack.stopAll()
        #expect(stops.values.allSatisfy { $0 == "exited with status 0" }, "\(stops.filter { $0.value != "exited with status 0" })")
    }

    /// Waits until every affected kind of request has succeeded since `ended`, then says what clients saw.
    func heal(
        _ fault: String, affected: Set<SteadyLoad.Kind>, load: SteadyLoad, started: ContinuousClock.Instant,
        ended: ContinuousClock.Instant
    ) async throws -> FaultOutcome {
        let healed = await eventually(timeout: Self.recoveryAlarm) {
            FaultOutcome.recovered(load.answers(from: ended), affected: affected, since: ended)
        }
        #expect(healed, "\(fault): requests did not succeed again within \(Self.recoveryAlarm)")
        return FaultOutcome(fault: fault, answers: load.answers(from: started), affected: affected, faultEnded: ended)
    }

    /// Creates `count` events that last two seconds, with a post in each; the posts' ids.
    func postInShortEvents(http: HTTPTestClient, token: String, count: Int) async throws -> [String] {
        var posts: [String] = []
        for index in 0..<count {
            let event = try await http.send(
                "POST", "/v1/events",
                json: [
                    "name": "Short \(index)", "center": ["latitude": 57.7, "longitude": 11.97], "radiusMeters": 200, "capacity": 50,
                    "durationSeconds": Int(Self.shortEventLength.components.seconds),
                ], token: token)
            let eventID = try #require(try event.json()["eventId"] as? String, "\(event.status) \(String(decoding: event.body, as: UTF8.self))")
            let post = try await http.send("POST", "/v1/events/\(eventID)/posts", json: ["text": "Before the end"], token: token)
            posts.append(try #require(try post.json()["postId"] as? String, "\(post.status) \(String(decoding: post.body, as: UTF8.self))"))
        }
        return posts
    }

    func retriedCreatesAfterCrashes(stack: FullStack, token: String, tripID: String) async throws {
        let http = stack.http
        let marker = UUID().uuidString.prefix(8)
        let creates: [(service: String, method: String, path: String, idKey: String, json: [String: Any], count: PostgresQuery)] = [
            (
                "feed", "roam.feed.v1.FeedService/CreatePost", "/v1/stories", "postId",
                ["text": "Crash \(marker)", "place": ["latitude": 57.7, "longitude": 11.97, "name": "Haga"]],
                "SELECT count(*)::int8 FROM feed.posts WHERE text = \("Crash \(marker)")"
            ),
            (
                "trips", "roam.trips.v1.TripsService/CreateTrip", "/v1/trips", "id",
                [
                    "title": "Crash \(marker)", "destination": ["name": "Malmö"], "startDate": "2031-07-01", "endDate": "2031-07-02",
                    "timeZone": "Europe/Stockholm", "homeCurrency": "SEK",
                ],
                "SELECT count(*)::int8 FROM trips.trips WHERE title = \("Crash \(marker)")"
            ),
            (
                "budget", "roam.budget.v1.BudgetService/CreateExpense", "/v1/trips/\(tripID)/expenses", "id",
                ["amount": "99", "currency": "SEK", "spentAt": "2031-06-12T09:00:00Z", "category": "transport", "note": "Crash \(marker)"],
                "SELECT count(*)::int8 FROM budget.expenses WHERE note = \("Crash \(marker)")"
            ),
            (
                "bucketlists", "roam.bucketlists.v1.ActivitiesService/CreateActivity", "/v1/activities", "id",
                ["name": "Crash \(marker)", "place": ["point": ["latitude": 57.7, "longitude": 11.97], "name": "Haga"]],
                "SELECT count(*)::int8 FROM bucketlists.activities WHERE name = \("Crash \(marker)")"
            ),
            (
                "events", "roam.events.v1.EventsService/CreateEvent", "/v1/events", "eventId",
                [
                    "name": "Crash \(marker)", "center": ["latitude": 57.7, "longitude": 11.97], "radiusMeters": 200, "capacity": 50,
                    "durationSeconds": 3600,
                ],
                "SELECT count(*)::int8 FROM events.events WHERE name = \("Crash \(marker)")"
            ),
        ]
        for create in creates {
            await stack.kill(create.service)
            try await stack.relaunch(create.service, changing: ["ROAM_CRASH_AFTER_COMMIT": create.method])
            let key = UUID().uuidString
            let first = try? await http.send("POST", create.path, json: create.json, token: token, headers: ["Idempotency-Key": key])
            #expect(
                first.map { [503, 504].contains($0.status) } ?? true,
                "\(create.service) died after committing; the client got \(first.map { "\($0.status)" } ?? "no answer")")
            #expect(await stack.waitForCrash(create.service) != nil, "\(create.service) did not reach its crash point")
            let restarted = ContinuousClock.now
            try await stack.relaunch(create.service)
            // As a client does after a 503: again, with the same key, until it is answered.
            var retry = try await http.send("POST", create.path, json: create.json, token: token, headers: ["Idempotency-Key": key])
            while [503, 504].contains(retry.status), ContinuousClock.now - restarted < Self.recoveryAlarm {
                try await Task.sleep(for: .milliseconds(100))
                retry = try await http.send("POST", create.path, json: create.json, token: token, headers: ["Idempotency-Key": key])
            }
            #expect((200..<300).contains(retry.status), "\(create.service): the retry got \(retry.status)")
            let id = try retry.json()[create.idKey] as? String
            #expect(id != nil)
            #expect(try await stack.count(create.count) == 1, "\(create.service): the create and its retry made other than one row")
            let again = try await http.send("POST", create.path, json: create.json, token: token, headers: ["Idempotency-Key": key])
            #expect(try again.json()[create.idKey] as? String == id, "\(create.service): the same key answered another id")
            print(
                "fault suite: \(create.service) killed between committing \(create.method) and answering; the retry with the same key "
                    + "got the original \(ContinuousClock.now - restarted) after the restart")
        }
    }

    func expectEveryAcknowledgedWrite(_ load: SteadyLoad, stack: FullStack, tripID: String) async throws {
        let stories = load.acknowledgedIDs(.writeStory), trips = load.acknowledgedIDs(.writeTrip)
        let expenses = load.acknowledgedIDs(.writeExpense), photos = load.acknowledgedIDs(.writePhoto)
        let activities = load.acknowledgedIDs(.writeActivity)
        let storyIDs = stories.compactMap(UUID.init(uuidString:)), tripIDs = trips.compactMap(UUID.init(uuidString:))
        let expenseIDs = expenses.compactMap(UUID.init(uuidString:)), photoIDs = photos.compactMap(UUID.init(uuidString:))
        let activityIDs = activities.compactMap(UUID.init(uuidString:))
        print(
            "fault suite: acknowledged \(stories.count) stories, \(trips.count) trips, \(expenses.count) expenses, \(photos.count) photos, "
                + "\(activities.count) activities")
        #expect(!stories.isEmpty && !trips.isEmpty && !expenses.isEmpty && !photos.isEmpty && !activities.isEmpty)
        #expect(try await stack.count("SELECT count(*)::int8 FROM media.items WHERE id = ANY(\(photoIDs))") == photos.count)
        #expect(try await stack.count("SELECT count(*)::int8 FROM media.items") == photos.count)
        // Each one is there …
        #expect(try await stack.count("SELECT count(*)::int8 FROM feed.posts WHERE id = ANY(\(storyIDs))") == stories.count)
        #expect(try await stack.count("SELECT count(*)::int8 FROM trips.trips WHERE id = ANY(\(tripIDs))") == trips.count)
        #expect(try await stack.count("SELECT count(*)::int8 FROM budget.expenses WHERE id = ANY(\(expenseIDs))") == expenses.count)
        #expect(try await stack.count("SELECT count(*)::int8 FROM bucketlists.activities WHERE id = ANY(\(activityIDs))") == activities.count)
        // … and nothing else: a retried write that had committed before its answer was lost made no second row.
        #expect(try await stack.count("SELECT count(*)::int8 FROM feed.posts WHERE text LIKE 'Steady load %'") == stories.count)
        #expect(try await stack.count("SELECT count(*)::int8 FROM trips.trips WHERE title = 'Weekend'") == trips.count)
        #expect(
            try await stack.count("SELECT count(*)::int8 FROM budget.expenses WHERE trip_id = \(UUID(uuidString: tripID)!) AND category = 'food'")
                == expenses.count)
        #expect(try await stack.count("SELECT count(*)::int8 FROM bucketlists.activities WHERE name = 'Steady activity'") == activities.count)
    }
}
