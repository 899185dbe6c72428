import Foundation
import RoamTesting
import Testing

/// Accounts' signing key rotated with an overlap, as an operator does it with `roam keys`: nobody is
/// signed out, and once the old key is retired its tokens are refused.
@Suite struct KeyRotationEndToEndTests {
    @Test func aRotationSignsNobodyOutAndARetiredKeyIsRefused() async throws {
        let keyFile = FileManager.default.temporaryDirectory.appendingPathComponent("roam-keys-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: keyFile) }
        let stack = try await ProcessStack.startAccounts(environment: ["ACCOUNTS_SIGNING_KEY": "", "ACCOUNTS_SIGNING_KEY_FILE": keyFile])
        var accounts = stack.accounts
        // Only accounts runs: the gateway is up once it answers, though not ready for the other services.
        let (gateway, http) = try await stack.startGateway(environment: ["KEYS_REFRESH_INTERVAL": "1s"], readyPath: "/healthz")
        func restartAccounts() async throws {
            _ = await accounts.stop()
            accounts = try accounts.relaunch()
            try await accounts.waitUntilServing(port: stack.accountsPort, service: "roam.accounts.v1.AccountsService")
        }
        func keys(_ step: String) async throws -> String {
            let run = try await runRoam(["keys", step, keyFile], environment: [:])
            #expect(run.status == 0, "\(run.output)")
            return run.output
        }
        // Just after accounts restarts, the gateway may still be reconnecting to it and answer 503 or 504, which a
        // client retries; every other answer is the log-in's own.
        func logIn() async throws -> String {
            var reply = try await http.send("POST", "/v1/auth/login", json: ["identifier": "rotating", "password": "correct horse battery"])
            let deadline = ContinuousClock.now + .seconds(30)
            while [503, 504].contains(reply.status) && ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(200))
                reply = try await http.send("POST", "/v1/auth/login", json: ["identifier": "rotating", "password": "correct horse battery"])
            }
            return try #require((try reply.json()["tokens"] as? [String: Any])?["accessToken"] as? String, "\(reply.status) \(reply.text)")
        }
        #expect(
            try await http.send(
                "POST", "/v1/auth/signup",
                json: [
                    "email": "rotating@example.com", "username": "rotating",
                    "password": "correct horse battery", "displayName": "R",
                ]
            ).status == 201)
        let before = try await logIn()

        // 1. prepare: a second key is published; verifiers know it within their refresh interval.
        #expect(try await keys("prepare").split(separator: "\n").count == 2)
        try await restartAccounts()
        try await Task.sleep(for: .seconds(2))
        // 2. promote: the new key signs; the old one stays published, so earlier tokens still work.
        _ = try await keys("promote")
        // Run twice by mistake, it refuses rather than swapping back to the key about to be retired.
        let again = try await runRoam(["keys", "promote", keyFile], environment: [:])
        #expect(again.status != 0 && again.output.contains("no prepared key"), "\(again.output)")
        try await restartAccounts()
        let after = try await logIn()
        #expect(try await http.send("GET", "/v1/me", token: after).status == 200)
        #expect(try await http.send("GET", "/v1/me", token: before).status == 200, "a token of the old key was refused during the overlap")
        // 3. retire: only the new key is published; once verifiers fetch again, the old key's tokens are refused.
        #expect(try await keys("retire").split(separator: "\n").count == 1)
        try await restartAccounts()
        var refused = false
        for _ in 0..<50 where !refused {
            refused = try await http.send("GET", "/v1/me", token: before).status == 401
            if !refused { try await Task.sleep(for: .milliseconds(200)) }
        }
        #expect(refused, "a token signed with the retired key still works")
        #expect(try await http.send("GET", "/v1/me", token: after).status == 200)
        _ = await gateway.stop()
        _ = await accounts.stop()
    }
}
