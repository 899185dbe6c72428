import Foundation
import RoamLocal
import RoamTesting
import Testing

/// The social notifications, born in accounts and the feed and kept in the notifications service's
/// inbox, through the gateway on every real process: a new follower, a comment on my story, a reply to
/// my comment, likes gathered in one notification, nothing of one's own doing, and a follow repeated
/// after unfollowing told once.
@Suite struct SocialNotificationsEndToEndTests {
    @Test func followersCommentsRepliesAndGatheredLikesReachTheInbox() async throws {
        let stops = try await FullStack.run { stack in
            let http = stack.http
            let suffix = Int.random(in: 10_000...99_999)
            let (ada, adaToken) = try await http.signUp("ada\(suffix)")
            let (bo, boToken) = try await http.signUp("bo\(suffix)")
            let (cy, cyToken) = try await http.signUp("cy\(suffix)")
            func inbox(_ token: String) async throws -> [[String: Any]] {
                try await http.send("GET", "/v1/me/notifications", token: token).json()["notifications"] as? [[String: Any]] ?? []
            }
            func data(_ notification: [String: Any]?) -> [String: String] { notification?["data"] as? [String: String] ?? [:] }
            // Ada's app is open: her stream hears it all too, from the inbox through PostgreSQL's channel.
            let stream = LineSink()
            let curl = try ChildProcess(
                name: "curl", executable: "/usr/bin/curl",
                arguments: ["-sN", "-H", "Authorization: Bearer \(adaToken)", "\(http.base.absoluteString)/v1/me/notifications/stream"],
                environment: [:]
            ) { stream.append($0) }
            defer { curl.terminate() }
            #expect(await stream.waitFor { $0 == "event: connected" })

            // Bo and Cy follow Ada; Bo unfollows and follows again.
            #expect(try await http.send("PUT", "/v1/users/ada\(suffix)/follow", token: boToken).status == 204)
            #expect(try await http.send("PUT", "/v1/users/ada\(suffix)/follow", token: cyToken).status == 204)
            #expect(try await http.send("DELETE", "/v1/users/ada\(suffix)/follow", token: boToken).status == 204)
            #expect(try await http.send("PUT", "/v1/users/ada\(suffix)/follow", token: boToken).status == 204)

            // Ada's story: Bo comments, Ada answers him, Bo and Cy like it, Ada likes her own.
            let point: [String: Any] = ["latitude": 38.7139, "longitude": -9.1394, "name": "Rossio"]
            let story = try await http.created("/v1/stories", ["text": "Tiles", "place": point], token: adaToken, key: "postId")
            let comment = try await http.created("/v1/posts/\(story)/comments", ["text": "Lovely!"], token: boToken, key: "commentId")
            #expect(try await http.send("POST", "/v1/comments/\(comment)/replies", json: ["text": "Thanks, Bo"], token: adaToken).status == 201)
            for token in [boToken, cyToken, adaToken] {
                #expect(try await http.send("PUT", "/v1/posts/\(story)/like", token: token).status == 200)
            }

            // Ada: two followers (Bo once), the comment, and the likes gathered: Cy first, then Bo, counted
            // as the feed counted them at Cy's (her own like is not news to her).
            // The second like gathers into the first's notification a moment after it lands.
            let gathered = await eventually(timeout: .seconds(60)) {
                let notifications = (try? await inbox(adaToken)) ?? []
                let kinds = notifications.compactMap { $0["kind"] as? String }
                return kinds.sorted() == ["comment", "likes", "new_follower", "new_follower"]
                    && data(notifications.first { $0["kind"] as? String == "likes" })["count"] == "2"
            }
            let adas = try await inbox(adaToken)
            #expect(gathered, "Ada's inbox: \(adas)")
            let followers = adas.filter { $0["kind"] as? String == "new_follower" }.map { data($0)["actorId"] }
            #expect(Set(followers) == [bo.lowercasedString, cy.lowercasedString])
            let commented = data(adas.first { $0["kind"] as? String == "comment" })
            #expect(commented["actorId"] == bo.lowercasedString && commented["subjectKind"] == "story" && commented["text"] == "Lovely!")
            #expect(commented["subjectId"] == story && commented["commentId"] == comment)
            let likes = data(adas.first { $0["kind"] as? String == "likes" })
            #expect(likes["actorIds"] == "\(cy.lowercasedString),\(bo.lowercasedString)" && likes["count"] == "2", "\(likes)")
            #expect(adas.first?["kind"] as? String == "likes", "gathered likes come first, the newest")
            #expect(await stream.waitFor { $0.contains("\"count\":2") }, "the stream has the likes as gathered")
            #expect(stream.all.filter { $0 == "event: new_follower" }.count == 2 && stream.all.contains("event: comment"), "\(stream.all)")

            // Bo hears of Ada's reply; nobody hears of their own doing.
            #expect(
                await eventually(timeout: .seconds(60)) {
                    (try? await inbox(boToken))?.compactMap { $0["kind"] as? String } == ["reply"]
                })
            let reply = data(try await inbox(boToken).first)
            #expect(reply["actorId"] == ada.lowercasedString && reply["parentId"] == comment && reply["text"] == "Thanks, Bo")
            #expect(try await inbox(cyToken).isEmpty)

            // Read, the likes gather anew: Cy takes hers back and likes again (told once), and nobody new.
            #expect(try await http.send("POST", "/v1/me/notifications/read", json: ["all": true], token: adaToken).status == 200)
            #expect(try await http.send("DELETE", "/v1/posts/\(story)/like", token: cyToken).status == 200)
            #expect(try await http.send("PUT", "/v1/posts/\(story)/like", token: cyToken).status == 200)
            try await Task.sleep(for: .seconds(3))
            let unread = try await http.send("GET", "/v1/me/notifications?unread=true", token: adaToken).json()["unreadCount"] as? Int
            #expect(unread == 0, "a like taken back and given again is not news")
        }
        #expect(stops.values.allSatisfy { $0 == "exited with status 0" }, "\(stops)")
    }
}
