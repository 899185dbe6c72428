import Foundation
import RoamTesting
import Testing

/// Optional given and family names on the profile, through the gateway on real processes: set and
/// removed with PATCH /v1/me, shown to others, checked like the display name.
@Suite struct ProfileNamesEndToEndTests {
    @Test func givenAndFamilyNamesAreOptionalShownToOthersAndChecked() async throws {
        try await onFullStack { http in
            let suffix = Int.random(in: 10_000...99_999)
            let ana = try await http.signUp("names\(suffix)").token
            let bo = try await http.signUp("reader\(suffix)").token
            func profile() async throws -> [String: Any] {
                let reply = try await http.send("GET", "/v1/users/names\(suffix)", token: bo)
                return try #require(try reply.json()["profile"] as? [String: Any], "\(reply.status) \(reply.text)")
            }
            let fresh = try await profile()
            #expect(fresh["username"] as? String == "names\(suffix)")
            #expect(fresh["givenName"] == nil && fresh["familyName"] == nil, "absent until given")

            let named = try await http.send("PATCH", "/v1/me", json: ["givenName": "  Ana Luísa ", "familyName": "Pereira"], token: ana)
            #expect(named.status == 200, "\(named.text)")
            let seen = try await profile()
            #expect(seen["givenName"] as? String == "Ana Luísa" && seen["familyName"] as? String == "Pereira", "trimmed, and others see them")

            for (body, field) in [
                (["givenName": String(repeating: "a", count: 101)], "givenName"), (["familyName": "Pe\nreira"], "familyName"),
                (["givenName": "Ana\u{202E}"], "givenName"), (["familyName": "Pe\u{0}reira"], "familyName"),
            ] {
                let refused = try await http.send("PATCH", "/v1/me", json: body, token: ana)
                #expect(refused.status == 400 && Set(refused.problemFields) == [field], "\(refused.status) \(refused.text)")
            }
            #expect(try await http.send("PATCH", "/v1/me", json: ["givenName": 7], token: ana).status == 400)

            let removed = try await http.send("PATCH", "/v1/me", json: ["familyName": NSNull()], token: ana)
            #expect(removed.status == 200, "\(removed.text)")
            let after = try await profile()
            #expect(after["givenName"] as? String == "Ana Luísa" && after["familyName"] == nil, "null removes only what it names")
        }
    }
}
