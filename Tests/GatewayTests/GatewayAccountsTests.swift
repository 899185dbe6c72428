import Foundation
import RoamTesting
import Testing

/// The accounts routes through the real gateway and the real accounts service (in-memory storage).
@Suite struct GatewayAccountsTests {
    static func signUp(
        _ http: HTTPTestClient, _ username: String = "walker\(Int.random(in: 1000...99999))",
        password: String = "correct horse battery"
    ) async throws -> (username: String, access: String, refresh: String) {
        let reply = try await http.send(
            "POST", "/v1/auth/signup",
            json: [
                "email": "\(username)@example.com", "username": username, "password": password, "displayName": "Walker",
            ])
        #expect(reply.status == 201)
        let tokens = try #require(try reply.json()["tokens"] as? [String: Any])
        return (username, try #require(tokens["accessToken"] as? String), try #require(tokens["refreshToken"] as? String))
    }

    @Test func signUpLogInMeRefreshLogOutAndRefreshFails() async throws {
        try await GatewayHarness.withAccounts { http in
            let account = try await Self.signUp(http, "ada_walks")
            let login = try await http.send("POST", "/v1/auth/login", json: ["identifier": "ADA_WALKS", "password": "correct horse battery"])
            #expect(login.status == 200)
            let tokens = try #require(try login.json()["tokens"] as? [String: Any])
            let access = try #require(tokens["accessToken"] as? String)
            let refresh = try #require(tokens["refreshToken"] as? String)
            #expect(access != account.access)

            let me = try await http.send("GET", "/v1/me", token: access)
            #expect(me.status == 200)
            let profile = try #require(try me.json()["profile"] as? [String: Any])
            #expect(profile["username"] as? String == "ada_walks")
            #expect(try me.json()["email"] as? String == "ada_walks@example.com")

            let refreshed = try await http.send("POST", "/v1/auth/refresh", json: ["refreshToken": refresh])
            #expect(refreshed.status == 200)
            let newRefresh = try #require(try refreshed.json()["refreshToken"] as? String)
            #expect(newRefresh != refresh)

            let logout = try await http.send("POST", "/v1/auth/logout", json: ["refreshToken": newRefresh])
            #expect(logout.status == 204)
            let afterLogout = try await http.send("POST", "/v1/auth/refresh", json: ["refreshToken": newRefresh])
            #expect(afterLogout.status == 401)
            #expect(afterLogout.header("Content-Type") == "application/problem+json")
        }
    }

    @Test func validationErrorsNameTheJSONFields() async throws {
        try await GatewayHarness.withAccounts { http in
            let reply = try await http.send(
                "POST", "/v1/auth/signup",
                json: [
                    "email": "not-an-email", "username": "x", "password": "password", "displayName": "",
                ])
            #expect(reply.status == 400)
            #expect(reply.reason == "INVALID_FIELD")
            #expect(Set(reply.problemFields) == ["email", "username", "password", "displayName"])
        }
    }

    @Test func takenUsernameIsAConflictNamingTheField() async throws {
        try await GatewayHarness.withAccounts { http in
            _ = try await Self.signUp(http, "taken_name")
            let reply = try await http.send(
                "POST", "/v1/auth/signup",
                json: [
                    "email": "other@example.com", "username": "Taken_Name", "password": "correct horse battery", "displayName": "Other",
                ])
            #expect(reply.status == 409)
            #expect(reply.reason == "USERNAME_TAKEN")
            #expect(reply.problemFields == ["username"])
        }
    }

    @Test func wrongPasswordAndUnknownUserGetTheSameAnswer() async throws {
        try await GatewayHarness.withAccounts { http in
            let account = try await Self.signUp(http)
            let wrongPassword = try await http.send("POST", "/v1/auth/login", json: ["identifier": account.username, "password": "wrong password"])
            let unknownUser = try await http.send("POST", "/v1/auth/login", json: ["identifier": "nobody_here", "password": "wrong password"])
            #expect(wrongPassword.status == 401)
            #expect(unknownUser.status == 401)
            #expect(wrongPassword.reason == unknownUser.reason)
        }
    }

    @Test func profilesFollowsAndTheUserOverview() async throws {
        try await GatewayHarness.withAccounts { http in
            let ada = try await Self.signUp(http)
            let bo = try await Self.signUp(http)
            #expect(try await http.send("PUT", "/v1/users/\(bo.username)/follow", token: ada.access).status == 204)
            #expect(try await http.send("PUT", "/v1/users/\(bo.username)/follow", token: ada.access).status == 204)

            let overview = try await http.send("GET", "/v1/users/\(bo.username)")
            #expect(overview.status == 200)
            let json = try overview.json()
            #expect((json["counts"] as? [String: Any])?["followers"] as? Int == 1)
            #expect(((json["parts"] as? [String: Any])?["accounts"] as? [String: Any])?["status"] as? String == "ok")

            let followers = try await http.send("GET", "/v1/users/\(bo.username)/followers?pageSize=10")
            #expect(followers.status == 200)
            #expect((try followers.json()["profiles"] as? [[String: Any]])?.first?["username"] as? String == ada.username)
            #expect(try followers.json()["totalCount"] as? Int == 1)

            let search = try await http.send("GET", "/v1/users?query=\(bo.username)", token: ada.access)
            #expect((try search.json()["profiles"] as? [[String: Any]])?.count == 1)

            #expect(try await http.send("PUT", "/v1/users/\(ada.username)/block", token: bo.access).status == 204)
            let afterBlock = try await http.send("GET", "/v1/users/\(bo.username)/followers")
            #expect((try afterBlock.json()["profiles"] as? [[String: Any]])?.isEmpty == true)
            #expect(try await http.send("GET", "/v1/users/nobody_at_all").status == 404)
        }
    }

    @Test func sessionsCanBeListedAndRevoked() async throws {
        try await GatewayHarness.withAccounts { http in
            let account = try await Self.signUp(http)
            let second = try await http.send(
                "POST", "/v1/auth/login",
                json: [
                    "identifier": account.username,
                    "password": "correct horse battery", "deviceName": "Phone",
                ],
                headers: ["User-Agent": "RoamTest/1.0"])
            let secondRefresh = try #require((try second.json()["tokens"] as? [String: Any])?["refreshToken"] as? String)
            let sessions = try await http.send("GET", "/v1/me/sessions", token: account.access)
            let list = try #require(try sessions.json()["sessions"] as? [[String: Any]])
            #expect(list.count == 2)
            let phone = try #require(list.first { $0["deviceName"] as? String == "Phone" })
            #expect(phone["userAgent"] as? String == "RoamTest/1.0")
            let id = try #require(phone["sessionId"] as? String)
            #expect(try await http.send("DELETE", "/v1/me/sessions/\(id)", token: account.access).status == 204)
            #expect(try await http.send("POST", "/v1/auth/refresh", json: ["refreshToken": secondRefresh]).status == 401)
        }
    }

    @Test func profileUpdatesAndAccountDeletion() async throws {
        try await GatewayHarness.withAccounts { http in
            let account = try await Self.signUp(http)
            let updated = try await http.send("PATCH", "/v1/me", json: ["bio": "Walks at dawn"], token: account.access)
            #expect(updated.status == 200)
            #expect((try updated.json()["profile"] as? [String: Any])?["bio"] as? String == "Walks at dawn")
            let badType = try await http.send("PATCH", "/v1/me", json: ["bio": 5], token: account.access)
            #expect(badType.status == 400)
            #expect(badType.problemFields == ["bio"])
            #expect(try await http.send("DELETE", "/v1/me", json: ["password": "correct horse battery"], token: account.access).status == 204)
            let login = try await http.send("POST", "/v1/auth/login", json: ["identifier": account.username, "password": "correct horse battery"])
            #expect(login.status == 401)
        }
    }
}
