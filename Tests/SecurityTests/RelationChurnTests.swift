import Foundation
import RoamTesting
import Testing

/// One user churning follows (each an entry on the revocation feed, written under its one lock) while
/// others log out, against real processes: the churn meets its limit a minute, and log-outs take what
/// they take without it.
@Suite struct RelationChurnTests {
    @Test func followChurnAtTwentyASecondIsBoundedAndLogOutsKeepTheirPace() async throws {
        let stack = try await ProcessStack.startAccounts()
        let (gateway, http) = try await stack.startGateway(
            environment: [
                "RATE_LIMIT_PER_ADDRESS": "100000", "RATE_LIMIT_PER_ADDRESS_BURST": "100000",
                "RATE_LIMIT_PER_USER": "100000", "RATE_LIMIT_PER_USER_BURST": "100000",
            ], readyPath: "/healthz")
        let (_, churner) = try await http.signUp("churner")
        _ = try await http.signUp("followed")
        var refreshTokens: [String] = []
        for index in 0..<20 {
            let reply = try await http.send(
                "POST", "/v1/auth/signup",
                json: ["email": "leaver\(index)@example.com", "username": "leaver\(index)", "password": "correct horse battery", "displayName": "L"])
            refreshTokens.append(try #require((try reply.json()["tokens"] as? [String: Any])?["refreshToken"] as? String, "\(reply.text)"))
        }
        /// How long each log-out of `tokens` takes, one after another.
        func logOuts(_ tokens: ArraySlice<String>) async throws -> [Duration] {
            var taken: [Duration] = []
            for token in tokens {
                let started = ContinuousClock.now
                #expect(try await http.send("POST", "/v1/auth/logout", json: ["refreshToken": token]).status == 204)
                taken.append(ContinuousClock.now - started)
            }
            return taken
        }
        let quiet = try await logOuts(refreshTokens.prefix(10))

        // Follow and unfollow, twenty a second for ten seconds.
        let churn = Task {
            var statuses: [Int] = []
            for index in 0..<200 {
                let started = ContinuousClock.now
                let method = index.isMultiple(of: 2) ? "PUT" : "DELETE"
                statuses.append((try? await http.send(method, "/v1/users/followed/follow", token: churner).status) ?? 0)
                try? await Task.sleep(until: started + .milliseconds(50))
            }
            return statuses
        }
        try await Task.sleep(for: .seconds(2))
        let churning = try await logOuts(refreshTokens.suffix(10))
        let statuses = await churn.value

        let accepted = statuses.filter { (200..<300).contains($0) }.count
        func median(_ taken: [Duration]) -> Duration { taken.sorted()[taken.count / 2] }
        print(
            "relation churn: \(accepted) of 200 follow/unfollow accepted (\(statuses.filter { $0 == 429 }.count) refused 429); "
                + "log-out median \(median(quiet)) alone, \(median(churning)) during the churn (slowest \(churning.max()!))")
        #expect(accepted <= 30 && statuses.filter { $0 == 429 }.count >= 170, "\(Dictionary(grouping: statuses) { $0 }.mapValues(\.count))")

        for process in [gateway, stack.accounts] {
            #expect(await process.stopStatus() == "exited with status 0")
        }
    }
}
