import Foundation
import RoamTesting
import Testing

/// BuckIt's favourite activities through the gateway on real processes: marked once, shown as yours on
/// every activity you read, listed latest first, and hidden with their author when a block comes between.
@Suite struct FavouriteActivitiesEndToEndTests {
    @Test func favouritesAreMarkedOnceShownAsYoursListedAndHiddenByABlock() async throws {
        try await onFullStack { http in
            let suffix = Int.random(in: 10_000...99_999)
            let ana = try await http.signUp("local\(suffix)").token
            let bo = try await http.signUp("visitor\(suffix)").token
            let point: [String: Any] = ["latitude": 59.3293, "longitude": 18.0686]
            let fika = try await http.created("/v1/activities", ["name": "Fika", "place": ["point": point, "name": "Gamla stan"]], token: ana)
            let skate = try await http.created("/v1/activities", ["name": "Skate", "place": ["point": point, "name": "Skeppsholmen"]], token: bo)

            let marked = try await http.send("PUT", "/v1/activities/\(fika)/favourite", token: bo)
            let isFavourite = try marked.json()["favourite"] as? Bool
            #expect(marked.status == 200 && isFavourite == true, "\(marked.status) \(marked.text)")
            #expect(try await http.send("PUT", "/v1/activities/\(fika)/favourite", token: bo).status == 200, "again changes nothing")
            #expect(try await http.send("PUT", "/v1/activities/\(skate)/favourite", token: bo).status == 200)
            #expect(try await http.send("GET", "/v1/activities/\(fika)", token: bo).json()["favourite"] as? Bool == true)
            #expect(try await http.send("GET", "/v1/activities/\(fika)", token: ana).json()["favourite"] as? Bool == false, "Bo's, not Ana's")
            let near =
                try await http.send("GET", "/v1/activities?lat=59.3293&lng=18.0686&radius=500", token: bo).json()["activities"] as? [[String: Any]]
            #expect(near?.first { $0["id"] as? String == fika }?["favourite"] as? Bool == true, "searches show it too")

            func favourites(_ query: String = "") async throws -> [String] {
                let reply = try await http.send("GET", "/v1/me/favourite-activities\(query)", token: bo)
                #expect(reply.status == 200, "\(reply.text)")
                return (try reply.json()["activities"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
            }
            #expect(try await favourites() == [skate, fika], "the latest marked first")
            #expect(try await favourites("?pageSize=1") == [skate])
            #expect(try await http.send("GET", "/v1/me/favourite-activities?pageSize=101", token: bo).status == 400)
            #expect(try await http.send("GET", "/v1/me/favourite-activities").status == 401)
            #expect(try await http.send("PUT", "/v1/activities/\(UUID().uuidString)/favourite", token: bo).status == 404)
            #expect(try await http.send("PUT", "/v1/activities/fika/favourite", token: bo).status == 400)

            // Ana blocks Bo: her activity leaves his favourites, and he cannot mark it again.
            #expect(try await http.send("PUT", "/v1/users/visitor\(suffix)/block", token: ana).status == 204)
            #expect(
                await eventually { (try? await favourites()) == [skate] },
                "the block reaches bucket lists through accounts' feed")
            #expect(try await http.send("PUT", "/v1/activities/\(fika)/favourite", token: bo).status == 404)
            #expect(try await http.send("DELETE", "/v1/activities/\(skate)/favourite", token: bo).status == 204)
            #expect(try await favourites().isEmpty)
        }
    }
}
