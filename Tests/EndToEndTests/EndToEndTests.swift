import Foundation
import RoamTesting
import Testing

/// Accounts, events, feed and the gateway as real processes, real HTTP/2 between them, real PostgreSQL.
@Suite(.serialized) struct EndToEndTests {
    @Test func signUpLogInMeRefreshLogOutThenRefreshFails() async throws {
        let stack = try await ProcessStack.startAccounts()
        // The gateway is ready only when every service it fronts is.
        let (events, eventsPort) = try await stack.startEvents()
        let (feed, feedPort) = try await stack.startFeed(eventsPort: eventsPort)
        let (media, mediaPort) = try await stack.startMedia()
        let (trips, tripsPort) = try await stack.startTrips()
        let (budget, budgetPort) = try await stack.startBudget(tripsPort: tripsPort)
        let (bucketLists, bucketListsPort) = try await stack.startBucketLists()
        let metricsPort = FreePort.next()
        let (gateway, http) = try await stack.startGateway(
            tripsPort: tripsPort, budgetPort: budgetPort, bucketListsPort: bucketListsPort,
            environment: [
                "MEDIA_ADDRESS": "127.0.0.1:\(mediaPort)",
                "EVENTS_ADDRESS": "127.0.0.1:\(eventsPort)",
                "FEED_ADDRESS": "127.0.0.1:\(feedPort)",
                "METRICS_PORT": String(metricsPort),
            ])
        // What the gateway counts is for the operator: not on the public port, on a port of its own.
        #expect(try await http.send("GET", "/metrics").status == 404)
        let metrics = try await HTTPTestClient(port: metricsPort).send("GET", "/metrics")
        #expect(metrics.status == 200 && metrics.text.contains("roam_revocations_following"), "\(metrics.text.prefix(300))")

        let signUp = try await http.send(
            "POST", "/v1/auth/signup",
            json: [
                "email": "e2e@example.com", "username": "e2e_walker", "password": "correct horse battery", "displayName": "E2E",
            ])
        #expect(signUp.status == 201, "\(String(decoding: signUp.body, as: UTF8.self))")
        let login = try await http.send("POST", "/v1/auth/login", json: ["identifier": "e2e@example.com", "password": "correct horse battery"])
        #expect(login.status == 200)
        let tokens = try #require(try login.json()["tokens"] as? [String: Any])
        let access = try #require(tokens["accessToken"] as? String)
        let refresh = try #require(tokens["refreshToken"] as? String)

        let me = try await http.send("GET", "/v1/me", token: access, headers: ["X-Request-ID": "e2e-me-1"])
        #expect(me.status == 200)
        #expect(me.header("X-Request-ID") == "e2e-me-1")
        #expect((try me.json()["profile"] as? [String: Any])?["username"] as? String == "e2e_walker")

        let refreshed = try await http.send("POST", "/v1/auth/refresh", json: ["refreshToken": refresh])
        #expect(refreshed.status == 200)
        let rotated = try #require(try refreshed.json()["refreshToken"] as? String)
        #expect(try await http.send("POST", "/v1/auth/logout", json: ["refreshToken": rotated]).status == 204)
        let afterLogout = try await http.send("POST", "/v1/auth/refresh", json: ["refreshToken": rotated])
        #expect(afterLogout.status == 401)
        #expect(afterLogout.reason != nil)
        await expectCleanStops(gateway, bucketLists, budget, trips, feed, events, media, stack.accounts)
    }

    /// A provider configured through the environment of the real accounts process: the process fetches
    /// the issuer's discovery document and keys over HTTP, and signs the person in through the gateway.
    @Test func signInWithAProviderTheOperatorConfigured() async throws {
        try await LocalIssuer.with { issuer in
            let stack = try await ProcessStack.startAccounts(environment: [
                "OIDC_PROVIDERS": "acme=\(issuer.url)|roam-e2e-app",
                "TERMS_VERSION": "2026-11",
            ])
            let (events, eventsPort) = try await stack.startEvents()
            let (feed, feedPort) = try await stack.startFeed(eventsPort: eventsPort)
            let (media, mediaPort) = try await stack.startMedia()
            let (trips, tripsPort) = try await stack.startTrips()
            let (budget, budgetPort) = try await stack.startBudget(tripsPort: tripsPort)
            let (bucketLists, bucketListsPort) = try await stack.startBucketLists()
            let (gateway, http) = try await stack.startGateway(
                tripsPort: tripsPort, budgetPort: budgetPort, bucketListsPort: bucketListsPort,
                environment: [
                    "MEDIA_ADDRESS": "127.0.0.1:\(mediaPort)",
                    "EVENTS_ADDRESS": "127.0.0.1:\(eventsPort)",
                    "FEED_ADDRESS": "127.0.0.1:\(feedPort)",
                ])
            let options = try await http.send("GET", "/v1/auth/options").json()
            #expect(options["providers"] as? [String] == ["acme"] && options["termsVersion"] as? String == "2026-11")
            let nonce = "nonce-\(UUID().uuidString)"
            let token = try await issuer.idToken(
                subject: "e2e-subject", audience: "roam-e2e-app", nonce: nonce, email: "sol@example.com",
                emailVerified: true, name: "Sol Berg")
            let signedIn = try await http.send(
                "POST", "/v1/auth/oidc",
                json: [
                    "provider": "acme", "idToken": token, "nonce": nonce, "acceptTermsVersion": "2026-11",
                ])
            #expect(signedIn.status == 200, "\(String(decoding: signedIn.body, as: UTF8.self))")
            #expect(try signedIn.json()["created"] as? Bool == true)
            let access = try #require((try signedIn.json()["tokens"] as? [String: Any])?["accessToken"] as? String)
            let me = try await http.send("GET", "/v1/me", token: access).json()
            #expect((me["profile"] as? [String: Any])?["username"] as? String == "sol_berg" && me["email"] as? String == "sol@example.com")
            let replayed = try await http.send("POST", "/v1/auth/oidc", json: ["provider": "acme", "idToken": token, "nonce": nonce])
            #expect(replayed.status == 401 && replayed.reason == "NONCE_REUSED")
            await expectCleanStops(gateway, bucketLists, budget, trips, feed, events, media, stack.accounts)
        }
    }
}
