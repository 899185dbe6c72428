import Foundation
import RoamTesting
import Testing

/// Waikiki's walks through the gateway on real processes: a walk started from one found follows it as
/// its route, the route counts who walk it now, and each walker's history holds the walks they took and
/// those they rated.
@Suite struct WalkRouteEndToEndTests {
    @Test func aWalkStartedFromAFoundRouteCountsAsWalkingItNowAndTheHistoryHoldsWalksTakenAndRated() async throws {
        try await onFullStack { http in
            let suffix = Int.random(in: 10_000...99_999)
            let (ana, bo, cy) = (
                try await http.signUp("guide\(suffix)").token, try await http.signUp("walker\(suffix)").token,
                try await http.signUp("other\(suffix)").token
            )
            let point: [String: Any] = ["latitude": 21.2766, "longitude": -157.8278]
            let began = Date().addingTimeInterval(-600)
            let iso = ISO8601DateFormatter()
            func walk(_ token: String, _ title: String, extra: [String: Any] = [:]) async throws -> HTTPTestClient.Reply {
                try await http.send(
                    "POST", "/v1/walks",
                    json: [
                        "title": title, "start": ["point": point],
                        "startedAt": iso.string(from: began),
                    ].merging(extra) { $1 }, token: token)
            }
            func id(_ reply: HTTPTestClient.Reply) throws -> String {
                try #require(try reply.json()["id"] as? String, "\(reply.status) \(reply.text)")
            }

            // Ana walks the beach and posts it; an ongoing walk and a private one cannot be followed.
            let route = try id(try await walk(ana, "Waikiki beach"))
            let ongoing = try id(try await walk(ana, "Still going"))
            let points = (0..<3).map { index in
                [
                    "at": iso.string(from: began.addingTimeInterval(Double(index) * 60)), "latitude": 21.2766 + Double(index) * 0.001,
                    "longitude": -157.8278,
                ] as [String: Any]
            }
            #expect(try await http.send("POST", "/v1/walks/\(route)/points", json: ["points": points], token: ana).status == 200)
            #expect(try await http.send("POST", "/v1/walks/\(route)/finish", token: ana).status == 200)
            let unposted = try await walk(bo, "Follow a private walk", extra: ["routeId": route])
            #expect(unposted.status == 400 && unposted.problemFields == ["routeId"], "\(unposted.status) \(unposted.text)")
            #expect(try await http.send("PUT", "/v1/walks/\(route)/visibility", json: ["visibility": "public"], token: ana).status == 200)
            for wrong in [ongoing, UUID().uuidString] {
                let refused = try await walk(bo, "Follow", extra: ["routeId": wrong])
                #expect(refused.status == 400 && refused.problemFields == ["routeId"], "\(refused.status) \(refused.text)")
            }
            #expect(try await walk(bo, "Follow", extra: ["routeId": "beach"]).status == 400)

            // Bo and Cy start from it: it has two walking now; Bo's walk names it.
            let boWalk = try await walk(bo, "Along the beach", extra: ["routeId": route])
            let followed = try boWalk.json()["routeId"] as? String
            #expect(boWalk.status == 201 && followed == route, "\(boWalk.status) \(boWalk.text)")
            let cyWalk = try id(try await walk(cy, "Me too", extra: ["routeId": route]))
            func walkingNow(as token: String) async throws -> Int? {
                try await http.send("GET", "/v1/walks/\(route)", token: token).json()["walkingNow"] as? Int
            }
            #expect(try await walkingNow(as: ana) == 2)
            let found = try await http.send("GET", "/v1/walks?lat=21.2766&lng=-157.8278&radius=500", token: cy).json()["walks"] as? [[String: Any]]
            #expect(found?.first { $0["id"] as? String == route }?["walkingNow"] as? Int == 2, "the search shows it too")
            #expect(try await http.send("POST", "/v1/walks/\(cyWalk)/finish", token: cy).status == 200)
            #expect(try await walkingNow(as: bo) == 1, "a finished walk no longer counts")

            // Bo rates the route: his history holds his walk and the route; Ana's only her own two.
            #expect(try await http.send("PUT", "/v1/walks/\(route)/rating", json: ["rating": 5], token: bo).status == 200)
            func history(_ token: String, _ query: String = "") async throws -> [[String: Any]] {
                let reply = try await http.send("GET", "/v1/me/walk-history\(query)", token: token)
                #expect(reply.status == 200, "\(reply.text)")
                return try reply.json()["walks"] as? [[String: Any]] ?? []
            }
            let bos = try await history(bo)
            #expect(Set(bos.compactMap { $0["id"] as? String }) == [try id(boWalk), route])
            #expect(bos.first { $0["id"] as? String == route }?["myRating"] as? Int == 5)
            #expect(Set(try await history(ana).compactMap { $0["id"] as? String }) == [route, ongoing])
            #expect(try await history(bo, "?pageSize=1").count == 1)
            #expect(try await http.send("GET", "/v1/me/walk-history?pageSize=0", token: bo).status == 400)
            #expect(try await http.send("GET", "/v1/me/walk-history").status == 401)

            // Ana blocks Bo: her route leaves his history. Deleting it leaves his walk following nothing.
            #expect(try await http.send("PUT", "/v1/users/walker\(suffix)/block", token: ana).status == 204)
            let boWalkID = try id(boWalk)
            #expect(
                await eventually { (try? await history(bo).compactMap { $0["id"] as? String }) == [boWalkID] },
                "the block reaches trips through accounts' feed")
            #expect(try await http.send("DELETE", "/v1/walks/\(route)", token: ana).status == 204)
            let after = try await http.send("GET", "/v1/walks/\(try id(boWalk))", token: bo)
            let stillFollowing = try after.json()["routeId"]
            #expect(after.status == 200 && stillFollowing == nil, "\(after.text)")
        }
    }
}
