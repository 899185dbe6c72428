import Foundation
import RoamRuntime
import RoamTesting
import Testing

@testable import Gateway

/// What reaches the gateway as text and numbers: NUL characters, loose numbers and form-encoded queries.
@Suite struct GatewayInputTests {
    @Test func nulCharactersAreFieldErrorsWhereverTheyArrive() async throws {
        try await GatewayHarness.withAccounts { http in
            let login = try await http.send("POST", "/v1/auth/login", json: ["identifier": "a\u{0}b", "password": "correct horse battery"])
            #expect(login.status == 400)
            #expect(login.problemFields == ["identifier"])

            let signUp = try await http.send(
                "POST", "/v1/auth/signup",
                json: [
                    "email": "nul@example.com", "username": "nul_user", "password": "correct horse battery", "displayName": "A\u{0}",
                ])
            #expect(signUp.status == 400)
            #expect(signUp.problemFields == ["displayName"])
            // Nothing was stored: the same sign-up without the NUL succeeds.
            let clean = try await http.send(
                "POST", "/v1/auth/signup",
                json: [
                    "email": "nul@example.com", "username": "nul_user", "password": "correct horse battery", "displayName": "A",
                ])
            #expect(clean.status == 201)

            let token = try await GatewayAccountsTests.signUp(http).access
            let search = try await http.send("GET", "/v1/users?query=a%00b", token: token)
            #expect(search.status == 400)
            #expect(search.problemFields == ["query"])
            let profile = try await http.send("GET", "/v1/users/a%00b", token: token)
            #expect(profile.status == 400)
            #expect(profile.problemFields == ["username"])
        }
    }

    @Test func numbersInQueriesAreReadStrictly() async throws {
        try await GatewayHarness.withAccounts { http in
            let token = try await GatewayAccountsTests.signUp(http).access
            for lat in ["1%002", "0x1p3", "nan", "inf", "1.", ".5", "1e", "%201", "1,5", "--1"] {
                let reply = try await http.send("GET", "/v1/events/nearby?lat=\(lat)&lng=0", token: token)
                #expect(reply.status == 400, "lat=\(lat)")
                #expect(reply.problemFields == ["lat"], "lat=\(lat)")
            }
            let page = try await http.send("GET", "/v1/users?query=a&pageSize=2%000", token: token)
            #expect(page.problemFields == ["pageSize"])
        }
    }

    @Test func aQueryValueTheDocumentDoesNotListIsRefusedWithTheValuesItDoes() throws {
        let parameters = try #require(GatewayOpenAPI.operation(.get, "/v1/stories/nearby")).queryParameters
        var refused = Validation()
        InputCheckMiddleware.check(FormQuery("lat=1&lng=1&sort=best"), against: parameters, into: &refused)
        #expect(refused.violations.map(\.field) == ["sort"])
        #expect(refused.violations.first?.description == "must be one of recent, top_week, top_month, top_year, top_all_time, trending")
        var accepted = Validation()
        InputCheckMiddleware.check(FormQuery("lat=1&lng=1&sort=top_week"), against: parameters, into: &accepted)
        #expect(accepted.violations.isEmpty)
    }

    @Test func plainNumbersAreTheOnlyNumbers() {
        for text in ["0", "-12.5", "3e2", "1E-7", "59.3326"] { #expect(PlainNumber.parse(text) != nil, "\(text)") }
        for text in ["", "-", "+1", "0x10", "1e400", "1\u{0}2", " 1", "1 ", "NaN"] { #expect(PlainNumber.parse(text) == nil, "\(text)") }
    }

    @Test func aPlusInAQueryIsASpaceAsFormsSendIt() async throws {
        let query = FormQuery("q=old+tree&place=Poly%20Canyon&plus=%2B&bad=%zz&empty=&q=second")
        #expect(query["q"] == "old tree")
        #expect(query["place"] == "Poly Canyon")
        #expect(query["plus"] == "+")
        #expect(query["empty"] == "")
        #expect(query["bad"] == nil)
        #expect(query.undecodable == ["bad"])

        try await GatewayHarness.withAccounts { http in
            let token = try await GatewayAccountsTests.signUp(http, "ada_l").access
            _ = try await http.send("PATCH", "/v1/me", json: ["displayName": "Ada Lovelace"], token: token)
            let found = try await http.send("GET", "/v1/users?query=Ada+Love", token: token)
            #expect((try found.json()["profiles"] as? [[String: Any]])?.map { $0["username"] as? String } == ["ada_l"])
            let undecodable = try await http.send("GET", "/v1/users?query=%E2%28", token: token)
            #expect(undecodable.status == 400)
            #expect(undecodable.problemFields == ["query"])
        }
    }

    @Test func serviceMessagesNameFieldsAsTheJSONDoes() {
        let full = RoamError(.failedPrecondition, reason: "EVENT_FULL", message: "the event is full; join its waitlist with waitlist_if_full")
        #expect(full.withJSONFieldNames().message == "the event is full; join its waitlist with waitlistIfFull")
        let field = RoamError.invalidField("position.accuracy_meters", "must be at most 100").withJSONFieldNames()
        #expect(field.violations.map(\.field) == ["position.accuracyMeters"])
        #expect(field.message == "position.accuracyMeters: must be at most 100")
    }

    /// The generated operations' own decoding failures are field errors too, named as the client sent them.
    @Test func generatedOperationsNameTheFieldsTheyCannotDecode() async throws {
        try await GatewayHarness.withAccounts { http in
            let token = try await GatewayAccountsTests.signUp(http).access
            let noQuery = try await http.send("GET", "/v1/users", token: token)
            #expect(noQuery.status == 400 && noQuery.problemFields == ["query"], "\(String(decoding: noQuery.body, as: UTF8.self))")
            let badSize = try await http.send("GET", "/v1/users?query=a&pageSize=many", token: token)
            #expect(badSize.status == 400 && badSize.problemFields == ["pageSize"], "\(String(decoding: badSize.body, as: UTF8.self))")
            let bigSize = try await http.send("GET", "/v1/users/someone/followers?pageSize=101")
            #expect(bigSize.problemFields == ["pageSize"])
            let noBody = try await http.send("POST", "/v1/auth/login", headers: ["Content-Type": "application/json"])
            #expect(noBody.status == 400 && noBody.reason == "MALFORMED_JSON", "\(String(decoding: noBody.body, as: UTF8.self))")
            let nested = try await http.send("POST", "/v1/auth/signup", json: ["email": 5])
            #expect(nested.status == 400, "\(String(decoding: nested.body, as: UTF8.self))")
            let xml = try await http.send("POST", "/v1/auth/login", body: Data("<a/>".utf8), headers: ["Content-Type": "application/xml"])
            #expect(xml.status == 415, "\(String(decoding: xml.body, as: UTF8.self))")
            let anonymous = try await http.send("GET", "/v1/me")
            #expect(anonymous.status == 401 && anonymous.reason == "UNAUTHENTICATED")
        }
    }

    /// The README and the walk-through read tokens out of answers with `sed`: generated answers are
    /// compact JSON, like every other.
    @Test func answersAreCompactJSON() async throws {
        try await GatewayHarness.withAccounts { http in
            let reply = try await http.send(
                "POST", "/v1/auth/signup",
                json: [
                    "email": "compact@example.com", "username": "compact", "password": "correct horse battery", "displayName": "C",
                ])
            let text = String(decoding: reply.body, as: UTF8.self)
            #expect(text.contains(#""accessToken":""#) && !text.contains("\n"), "\(text)")
        }
    }

    @Test func anUnknownEnumValueIsNamedWithoutSwiftTypeNames() {
        struct Key: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }
        let error = RoamError(
            decoding: .dataCorrupted(
                .init(
                    codingPath: [Key(stringValue: "visibility")],
                    debugDescription: "Cannot initialize VisibilityPayload from invalid String value secret")))
        #expect(error.violations.map(\.field) == ["visibility"])
        #expect(!error.message.contains("Payload"))
    }
}
