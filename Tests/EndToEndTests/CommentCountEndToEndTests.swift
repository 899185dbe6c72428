import Foundation
import RoamTesting
import Testing

/// Comment counts on activities and bucket items through the gateway on real processes: the feed holds
/// the threads and the gateway adds their counts to every activity and item it answers; without the
/// feed the answer stands, without counts.
@Suite struct CommentCountEndToEndTests {
    @Test func activitiesAndItemsCountTheirCommentsAndStandWithoutTheFeed() async throws {
        let stops = try await FullStack.run { stack in
            let http = stack.http
            let suffix = Int.random(in: 10_000...99_999)
            let ana = try await http.signUp("host\(suffix)").token
            let bo = try await http.signUp("guest\(suffix)").token
            let point: [String: Any] = ["latitude": 60.1699, "longitude": 24.9384]
            let sauna = try await http.created("/v1/activities", ["name": "Sauna", "place": ["point": point, "name": "Löyly"]], token: ana)
            let list = try await http.created("/v1/lists", ["title": "Helsinki", "visibility": "public"], token: ana)
            let item = try await http.created("/v1/lists/\(list)/items", ["title": "Ferry to Suomenlinna"], token: ana)

            func count(_ path: String, as token: String = ana) async throws -> Int? {
                let reply = try await http.send("GET", path, token: token)
                #expect(reply.status == 200, "\(path): \(reply.status) \(reply.text.prefix(200))")
                return try reply.json()["commentCount"] as? Int
            }
            #expect(try await count("/v1/activities/\(sauna)") == 0, "none yet, and the feed answered")
            for text in ["Hot!", "Bring a towel"] {
                #expect(try await http.send("POST", "/v1/activities/\(sauna)/comments", json: ["text": text], token: bo).status == 201)
            }
            let comment = try await http.created("/v1/items/\(item)/comments", ["text": "Take the 8:00"], token: bo, key: "commentId")
            #expect(try await http.send("POST", "/v1/comments/\(comment)/replies", json: ["text": "Thanks"], token: ana).status == 201)
            #expect(try await count("/v1/activities/\(sauna)", as: bo) == 2)
            #expect(try await count("/v1/items/\(item)") == 2, "replies count")
            let found =
                try await http.send("GET", "/v1/activities?lat=60.1699&lng=24.9384&radius=500", token: bo).json()["activities"] as? [[String: Any]]
            #expect(found?.first { $0["id"] as? String == sauna }?["commentCount"] as? Int == 2, "searches count too")
            let items = try await http.send("GET", "/v1/lists/\(list)/items", token: bo).json()["items"] as? [[String: Any]]
            #expect(items?.first?["commentCount"] as? Int == 2, "and list pages")
            #expect(try await http.send("DELETE", "/v1/comments/\(comment)", token: bo).status == 204)
            #expect(try await count("/v1/items/\(item)") == 1, "a deleted comment leaves the count (its reply stays)")

            // Without the feed, activities and items still answer, only without their counts.
            await stack.kill("feed")
            let alone = try await http.send("GET", "/v1/activities/\(sauna)", token: bo)
            let countWithout = try alone.json()["commentCount"]
            #expect(alone.status == 200 && countWithout == nil, "\(alone.status) \(alone.text.prefix(200))")
            let itemAlone = try await http.send("GET", "/v1/items/\(item)", token: ana)
            let itemCountWithout = try itemAlone.json()["commentCount"]
            #expect(itemAlone.status == 200 && itemCountWithout == nil)
            try await stack.relaunch("feed")
            #expect(await eventually { (try? await count("/v1/activities/\(sauna)", as: bo)) == 2 }, "back with the feed")
        }
        #expect(stops.filter { $0.key != "feed" }.values.allSatisfy { $0 == "exited with status 0" }, "\(stops)")
    }
}
