import Foundation
import RoamTesting
import Testing

/// Read your own writes in the social graph, with every process real and every relations cache at its
/// default lifetime (10 s): a follow, unfollow, block or unblock takes effect on the very next request
/// in the feed and in bucket lists, and for the other person as soon as accounts' feed tells each
/// process (well within a second here, against the caches' 10 s).
@Suite struct RelationsEndToEndTests {
    @Test func aFollowOrBlockTakesEffectOnTheNextRequest() async throws {
        try await onFullStack(Self.check)
    }

    @Test func aBlockTakesEffectForTheOtherPersonAtOnce() async throws {
        try await onFullStack { http in
            let suffix = Int.random(in: 10_000...99_999)
            let (ana, bo) = (try await http.signUp("cai\(suffix)").token, try await http.signUp("dee\(suffix)").token)
            let story = try await http.created(
                "/v1/stories", ["text": "a public story", "place": ["latitude": 38.71, "longitude": -9.14, "name": "Rossio"]],
                token: bo, key: "postId")
            // Ana's read fills the feed's cache with her relations as they are before Bo acts.
            #expect(try await http.send("GET", "/v1/posts/\(story)", token: ana).status == 200)
            #expect(try await http.send("PUT", "/v1/users/cai\(suffix)/block", token: bo).status == 204)
            let blocked = ContinuousClock.now
            #expect(
                await eventually(timeout: .seconds(8)) { (try? await http.send("GET", "/v1/posts/\(story)", token: ana).status) == 404 },
                "Bo's block reaches Ana's reads through accounts' feed, not after the cache's 10 s")
            print("a block hid the story from the person blocked after \(ContinuousClock.now - blocked)")
            let unblocked = try await http.send("DELETE", "/v1/users/cai\(suffix)/block", token: bo)
            #expect(unblocked.status == 204, "\(unblocked.status) \(unblocked.text)")
            #expect(await eventually(timeout: .seconds(8)) { (try? await http.send("GET", "/v1/posts/\(story)", token: ana).status) == 200 })
        }
    }

    static func check(_ http: HTTPTestClient) async throws {
        let suffix = Int.random(in: 10_000...99_999)
        let (ana, bo) = (try await http.signUp("ana\(suffix)").token, try await http.signUp("bo\(suffix)").token)
        let post = try #require(try await http.send("POST", "/v1/posts", json: ["text": "for my followers"], token: bo).json()["postId"] as? String)
        let list = try await http.send("POST", "/v1/lists", json: ["title": "Someday", "visibility": "followers"], token: bo)
        let listID = try #require(try list.json()["id"] as? String, "\(list.text)")
        let story = try #require(
            try await http.send(
                "POST", "/v1/stories",
                json: [
                    "text": "a public story", "place": ["latitude": 38.71, "longitude": -9.14, "name": "Rossio"],
                ], token: bo
            ).json()["postId"] as? String)

        // Each read fills the service's cache with Ana as she is before each change.
        #expect(try await http.send("GET", "/v1/posts/\(post)", token: ana).status == 404)
        #expect(try await http.send("GET", "/v1/lists/\(listID)", token: ana).status == 404)
        #expect(try await http.send("PUT", "/v1/users/bo\(suffix)/follow", token: ana).status == 204)
        #expect(try await http.send("GET", "/v1/posts/\(post)", token: ana).status == 200, "the feed saw the follow at once")
        #expect(try await http.send("GET", "/v1/lists/\(listID)", token: ana).status == 200, "bucket lists saw the follow at once")
        #expect(try await http.send("DELETE", "/v1/users/bo\(suffix)/follow", token: ana).status == 204)
        #expect(try await http.send("GET", "/v1/posts/\(post)", token: ana).status == 404, "the feed saw the unfollow at once")
        #expect(try await http.send("GET", "/v1/lists/\(listID)", token: ana).status == 404, "bucket lists saw the unfollow at once")

        #expect(try await http.send("GET", "/v1/posts/\(story)", token: ana).status == 200)
        #expect(try await http.send("PUT", "/v1/users/bo\(suffix)/block", token: ana).status == 204)
        #expect(try await http.send("GET", "/v1/posts/\(story)", token: ana).status == 404, "a block hides at once")
        #expect(try await http.send("DELETE", "/v1/users/bo\(suffix)/block", token: ana).status == 204)
        #expect(try await http.send("GET", "/v1/posts/\(story)", token: ana).status == 200, "an unblock shows at once")
    }
}
