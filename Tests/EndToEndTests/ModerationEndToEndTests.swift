import Foundation
import MediaTesting
import RoamTesting
import Testing

/// The operator's hands on real processes: `roam users` grants a role, finds and suspends an account,
/// and the account's token stops working at the gateway within a second; signing in says why and
/// until when; lifting the suspension lets it back in.
@Suite struct ModerationEndToEndTests {
    @Test func anOperatorSuspendsAnAccountEverywhereAtOnceAndLiftsIt() async throws {
        let stops = try await FullStack.run { stack in
            let http = stack.http
            let accounts = [
                "ACCOUNTS_ADDRESS": "127.0.0.1:\(try #require(stack.grpcPort("accounts")))",
                "MODERATION_ADDRESS": "127.0.0.1:\(try #require(stack.grpcPort("moderation")))", "ROAM_OPERATOR": "ops-ana",
            ]
            func roam(_ arguments: String...) async throws -> (status: Int32, output: String) {
                try await runRoam(["users"] + arguments, environment: accounts)
            }
            let name = "spam\(Int.random(in: 10_000...99_999))"
            let (id, token) = try await http.signUp(name)

            let granted = try await roam("grant", name, "moderator")
            #expect(granted.status == 0 && granted.output.contains("@\(name) now has moderator"), "\(granted.output)")
            let found = try await roam("find", String(name.prefix(6)))
            #expect(
                found.status == 0 && found.output.contains("@\(name)  \(id.lowercasedString)") && found.output.contains("[moderator]"),
                "\(found.output)")

            // The sign-up's session is live until the suspension; then every process refuses its token.
            #expect(try await http.send("GET", "/v1/me", token: token).status == 200)
            let suspended = try await roam("suspend", "@\(name)", "--for", "2h", "--reason", "Spam in event chats")
            let at = ContinuousClock.now
            #expect(
                suspended.status == 0 && suspended.output.contains("suspended until") && suspended.output.contains("by operator:ops-ana"),
                "\(suspended.output)")
            #expect(suspended.output.contains("1 session ended"), "\(suspended.output)")
            #expect(
                await eventually(timeout: .seconds(1)) { (try? await http.send("GET", "/v1/me", token: token).status) == 401 },
                "the token is refused within a second")
            print("a suspension's token refused at the gateway \(ContinuousClock.now - at) after `roam users suspend` returned")

            let logIn = try await http.send("POST", "/v1/auth/login", json: ["identifier": name, "password": "correct horse battery"])
            #expect(logIn.status == 403, "\(logIn.text)")
            let problem = try logIn.json()
            #expect(problem["reason"] as? String == "ACCOUNT_SUSPENDED")
            let until = try #require(problem["suspendedUntil"] as? String)
            let end = try Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(until)
            #expect(abs(end.timeIntervalSinceNow - 7200) < 120, "\(until)")
            #expect(try await http.send("GET", "/v1/users/\(name)").status == 404, "a suspended account's profile is hidden")

            let shown = try await roam("show", id.lowercasedString)
            #expect(shown.status == 0 && shown.output.contains("suspended until") && shown.output.contains("sessions   0 live"), "\(shown.output)")

            let lifted = try await roam("unsuspend", name)
            #expect(lifted.status == 0 && lifted.output.contains("@\(name) is active again"), "\(lifted.output)")
            let back = try await http.send("POST", "/v1/auth/login", json: ["identifier": name, "password": "correct horse battery"])
            #expect(back.status == 200, "\(back.text)")
            #expect(try await http.send("GET", "/v1/users/\(name)").status == 200)

            let revoked = try await roam("revoke", name, "moderator")
            #expect(revoked.status == 0 && revoked.output.contains("now has no role; 1 session ended"), "\(revoked.output)")

            // Wrong use is refused by name before anything is asked; a failure exits 2.
            let noReason = try await roam("suspend", name)
            #expect(noReason.status == 64 && noReason.output.contains("--reason"), "\(noReason.output)")
            let badLength = try await roam("suspend", name, "--for", "soon", "--reason", "x")
            #expect(badLength.status == 64 && badLength.output.contains("--for"), "\(badLength.output)")
            let badRole = try await roam("grant", name, "owner")
            #expect(badRole.status == 64 && badRole.output.contains("<role>"), "\(badRole.output)")
            let nobody = try await roam("show", "nobody_\(Int.random(in: 10_000...99_999))")
            #expect(nobody.status == 2 && nobody.output.contains("no such account"), "\(nobody.output)")
            let forged = try await runRoam(
                ["users", "find", "a"], environment: accounts.merging(["ROAM_SERVICE_SECRET": String(repeating: "f", count: 64)]) { $1 })
            #expect(forged.status == 2 && forged.output.contains("unauthenticated"), "\(forged.output)")

            try await Self.aReportedStoryIsTakenDownAndItsAuthorSuspended(http: http, environment: accounts)
        }
        #expect(stops.values.allSatisfy { $0 == "exited with status 0" }, "\(stops)")
    }

    /// A user reports a story through the gateway; the operator finds the case, takes the story down and
    /// suspends its author with one command; the audit log says who did what; lifting the suspension
    /// shows the author their story marked taken down, while everyone else still gets 404.
    static func aReportedStoryIsTakenDownAndItsAuthorSuspended(http: HTTPTestClient, environment: [String: String]) async throws {
        func roam(_ arguments: String...) async throws -> (status: Int32, output: String) {
            try await runRoam(arguments, environment: environment)
        }
        let suffix = Int.random(in: 10_000...99_999)
        let (authorID, author) = try await http.signUp("author\(suffix)")
        let (_, reporter) = try await http.signUp("reporter\(suffix)")
        let story = try await http.created(
            "/v1/stories", ["text": "Cheap followers at spam.example", "place": ["latitude": 38.71, "longitude": -9.14, "name": "Rossio"]],
            token: author, key: "postId")
        // What else the author has made: hidden from everyone while the author is suspended, and back after.
        let sunrise = try await http.created(
            "/v1/stories", ["text": "Sunrise at the river", "place": ["latitude": 38.71, "longitude": -9.14, "name": "Cais"]],
            token: author, key: "postId")
        let theirActivity = try await http.created(
            "/v1/activities", ["name": "River walk", "place": ["point": ["latitude": 38.71, "longitude": -9.14], "name": "Cais"]],
            token: author, key: "id")
        let theirEvent = try await http.created(
            "/v1/events",
            [
                "name": "River picnic", "center": ["latitude": 38.71, "longitude": -9.14], "radiusMeters": 200, "capacity": 10,
                "durationSeconds": 3600,
            ],
            token: author, key: "eventId")
        let theirs = ["/v1/posts/\(sunrise)", "/v1/activities/\(theirActivity)", "/v1/events/\(theirEvent)"]
        for path in theirs { #expect(try await http.send("GET", path, token: reporter).status == 200, "\(path)") }
        // The feed's own report route reaches the same queue.
        let viaFeed = try await http.send("POST", "/v1/posts/\(sunrise)/reports", json: ["reason": "spam"], token: reporter)
        #expect(viaFeed.status == 201, "\(viaFeed.text)")
        let queued = try await roam("reports", "list", "--status", "open", "--kind", "post")
        #expect(queued.output.contains(sunrise), "\(queued.output)")
        let report: [String: Any] = ["subject": ["kind": "post", "id": story], "reason": "spam", "text": "links to a scam"]
        let first = try await http.send("POST", "/v1/reports", json: report, token: reporter)
        #expect(first.status == 201, "\(first.text)")
        #expect(try await http.send("POST", "/v1/reports", json: report, token: reporter).status == 200, "a second report changes nothing")
        let own = try await http.send("POST", "/v1/reports", json: report, token: author)
        #expect(own.status == 422 && own.text.contains("OWN_CONTENT"), "\(own.status) \(own.text)")
        let planet = try await http.send(
            "POST", "/v1/reports", json: ["subject": ["kind": "planet", "id": story], "reason": "spam"], token: reporter)
        #expect(planet.status == 400, "\(planet.text)")
        let nowhere = try await http.send(
            "POST", "/v1/reports", json: ["subject": ["kind": "post", "id": UUID().lowercasedString], "reason": "spam"], token: reporter)
        #expect(nowhere.status == 404, "\(nowhere.text)")
        #expect(try await http.send("POST", "/v1/reports", json: report).status == 401)

        let listed = try await roam("reports", "list", "--status", "open", "--kind", "post")
        let line = try #require(listed.output.split(separator: "\n").first { $0.contains(story) }, "\(listed.output)")
        #expect(line.contains("1 report (spam)"), "\(line)")
        let caseID = String(line.prefix(36))
        let shown = try await roam("reports", "show", caseID)
        #expect(
            shown.status == 0 && shown.output.contains("text: Cheap followers at spam.example") && shown.output.contains("spam: links to a scam"),
            "\(shown.output)")

        let resolved = try await roam("reports", "resolve", caseID, "take_down_and_suspend", "--note", "Spam links", "--for", "2h")
        #expect(resolved.status == 0 && resolved.output.contains("resolved: take_down_and_suspend"), "\(resolved.output)")
        #expect(try await http.send("GET", "/v1/posts/\(story)", token: reporter).status == 404, "taken down for everyone else")
        #expect(await eventually(timeout: .seconds(1)) { (try? await http.send("GET", "/v1/me", token: author).status) == 401 })
        for path in theirs {
            #expect(
                await eventually(timeout: .seconds(1)) { (try? await http.send("GET", path, token: reporter).status) == 404 },
                "\(path) is hidden while its author is suspended")
        }
        let again = try await roam("reports", "resolve", caseID, "dismiss")
        #expect(again.status == 2 && again.output.contains("already resolved"), "\(again.output)")

        let audit = try await roam("audit", "--actor", "operator:ops-ana", "--limit", "3")
        let actions = audit.output.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true)[2] }
        #expect(actions == ["resolve_case", "suspend", "take_down"], "\(audit.output)")
        #expect(audit.output.contains("user \(authorID.lowercasedString): Spam links"), "\(audit.output)")

        _ = try await roam("users", "unsuspend", authorID.lowercasedString)
        let back = try await http.send("POST", "/v1/auth/login", json: ["identifier": "author\(suffix)", "password": "correct horse battery"])
        let token = try #require((try back.json()["tokens"] as? [String: Any])?["accessToken"] as? String, "\(back.text)")
        let seen = try await http.send("GET", "/v1/posts/\(story)", token: token)
        let takenDown = try seen.json()["takenDown"] as? [String: Any]
        #expect(seen.status == 200 && takenDown?["reason"] as? String == "Spam links", "the author sees why: \(seen.text)")
        #expect(try await http.send("GET", "/v1/posts/\(story)", token: reporter).status == 404)
        for path in theirs {
            #expect(
                await eventually(timeout: .seconds(1)) { (try? await http.send("GET", path, token: reporter).status) == 200 },
                "\(path) is back once the suspension is lifted")
        }

        // A reported comment: taken down, it is a tombstone to others and no longer counted; its author sees why.
        let (_, host) = try await http.signUp("host\(suffix)")
        let other = try await http.created(
            "/v1/stories", ["text": "Sunset", "place": ["latitude": 38.71, "longitude": -9.14, "name": "Rossio"]], token: host, key: "postId")
        let comment = try await http.created("/v1/posts/\(other)/comments", ["text": "You are an idiot"], token: token, key: "commentId")
        let reported = try await http.send(
            "POST", "/v1/reports", json: ["subject": ["kind": "comment", "id": comment], "reason": "harassment"], token: reporter)
        #expect(reported.status == 201, "\(reported.text)")
        let comments = try await roam("reports", "list", "--status", "open", "--kind", "comment")
        let commentCase = String(try #require(comments.output.split(separator: "\n").first { $0.contains(comment) }, "\(comments.output)").prefix(36))
        let downed = try await roam("reports", "resolve", commentCase, "take_down", "--note", "Insults")
        #expect(downed.status == 0, "\(downed.output)")
        let thread = try await http.send("GET", "/v1/posts/\(other)/comments", token: reporter)
        let listed0 = try #require((try thread.json()["comments"] as? [[String: Any]])?.first, "\(thread.text)")
        #expect(listed0["deleted"] as? Bool == true && listed0["text"] as? String == "" && listed0["authorId"] == nil, "\(thread.text)")
        #expect(try await http.send("GET", "/v1/posts/\(other)", token: reporter).json()["commentCount"] as? Int == 0)
        let authors = try await http.send("GET", "/v1/posts/\(other)/comments", token: token)
        let mine = try #require((try authors.json()["comments"] as? [[String: Any]])?.first, "\(authors.text)")
        #expect((mine["takenDown"] as? [String: Any])?["reason"] as? String == "Insults", "\(authors.text)")

        // An activity, taken down and restored by the operator directly (bucket lists keep it).
        let activity = try await http.created(
            "/v1/activities", ["name": "Free followers", "place": ["point": ["latitude": 38.71, "longitude": -9.14], "name": "Rossio"]],
            token: token, key: "id")
        #expect(try await http.send("GET", "/v1/activities/\(activity)", token: reporter).status == 200)
        let removed = try await roam("reports", "take-down", "activity", activity, "--reason", "Spam")
        #expect(removed.status == 0, "\(removed.output)")
        #expect(try await http.send("GET", "/v1/activities/\(activity)", token: reporter).status == 404)
        let shownToAuthor = try await http.send("GET", "/v1/activities/\(activity)", token: token)
        #expect((try shownToAuthor.json()["takenDown"] as? [String: Any])?["reason"] as? String == "Spam", "\(shownToAuthor.text)")
        #expect(try await roam("reports", "restore", "activity", activity).status == 0)
        #expect(try await http.send("GET", "/v1/activities/\(activity)", token: reporter).status == 200)

        // A photo in a story: reported by its id, taken down by media, its signed links (made before) read nothing.
        let upload = try await http.send(
            "POST", "/v1/media?attachmentOnly=true", body: try TestPhoto.bytes(exif: TestPhoto.cameraFields), token: token,
            headers: ["Content-Type": "image/jpeg"])
        let photo = try #require(try upload.json()["mediaId"] as? String, "\(upload.text)")
        let pictured = try await http.created(
            "/v1/stories", ["text": "Look", "mediaIds": [photo], "place": ["latitude": 38.71, "longitude": -9.14, "name": "Rossio"]],
            token: token, key: "postId")
        let storyJSON = try await http.send("GET", "/v1/posts/\(pictured)", token: reporter).json()
        let link = try #require((storyJSON["media"] as? [[String: Any]])?.first?["preview"] as? String, "\(storyJSON)")
        #expect(try await http.send("GET", link).status == 200)
        let photoReport = try await http.send(
            "POST", "/v1/reports", json: ["subject": ["kind": "photo", "id": photo], "reason": "nudity"], token: reporter)
        #expect(photoReport.status == 201, "\(photoReport.text)")
        let strayPhoto = try await http.send(
            "POST", "/v1/reports", json: ["subject": ["kind": "photo", "id": UUID().lowercasedString], "reason": "nudity"], token: reporter)
        #expect(strayPhoto.status == 404, "\(strayPhoto.text)")
        let photos = try await roam("reports", "list", "--status", "open", "--kind", "photo")
        let photoCase = String(try #require(photos.output.split(separator: "\n").first { $0.contains(photo) }, "\(photos.output)").prefix(36))
        #expect(try await roam("reports", "resolve", photoCase, "take_down", "--note", "Nudity").status == 0)
        #expect(try await http.send("GET", link).status == 404, "a link signed before the takedown reads nothing")
        let ownView = try await http.send("GET", "/v1/media/\(photo)", token: token)
        #expect((try ownView.json()["takenDown"] as? [String: Any])?["reason"] as? String == "Nudity", "\(ownView.text)")
        #expect(try await roam("reports", "restore", "photo", photo).status == 0)
        #expect(try await http.send("GET", link).status == 200)
    }
}
