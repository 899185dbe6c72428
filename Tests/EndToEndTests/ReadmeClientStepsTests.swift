import Foundation
import MediaTesting
import RoamClient
import RoamTesting
import Testing

/// RoamClient's README "Try the API" steps (`Gateway/Client/README.md`): the Swift block there is `steps` below, word for
/// word, and it runs against every service as a real process.
extension ClientEndToEndTests {
    /// What the steps found, for the test to check.
    struct Found {
        var username = ""
        var nearbyEvents: [String] = []
        var storiesTagged: [String] = []
        var trips: [String] = []
        var refusal: String?
    }

    static func steps(gateway: URL, photo: URL) async throws -> Found {
        var found = Found()
        // README: begin
        let session = RoamSession(gateway: gateway)  // add store: FileTokenStore(…) or KeychainTokenStore() to keep it

        // sign up (or session.logIn(.init(identifier: "ada", password: …))); the session keeps the tokens
        // and refreshes them when they expire
        try await session.signUp(.init(displayName: "Ada", email: "ada@example.com", password: "correct horse battery", username: "ada"))
        let roam = session.client

        // who am I
        let me = try await roam.getMe().ok.body.json
        found.username = me.profile.username

        // host an event where you stand (150 m around you, 20 places, two hours); every create gets an
        // Idempotency-Key, kept when a network failure makes the client send it again
        let picnic = try await roam.createEvent(
            body: .json(
                .init(capacity: 20, center: .init(latitude: 59.3326, longitude: 18.0649), durationSeconds: 7200, name: "Picnic", radiusMeters: 150))
        ).created.body.json

        // the events whose area you stand in, nearest first
        let nearby = try await roam.discoverEvents(query: .init(lat: 59.3330, lng: 18.0650, accuracy: 10)).ok.body.json
        found.nearbyEvents = nearby.events.map(\.event.name)

        // you end it, and everything in it is deleted
        _ = try await roam.deleteEvent(path: .init(id: picnic.eventId)).noContent

        // upload a photo from a file (streamed, with progress); pin a story with it; find it by tag; save it
        let media = try await session.upload(contentsOf: photo, attachmentOnly: true) { progress in
            print("uploaded \(Int((progress.fractionCompleted ?? 0) * 100)) %")
        }
        let story = try await roam.createStory(
            body: .json(
                .init(
                    mediaIds: [media.mediaId], place: .init(latitude: 59.3251, longitude: 18.0711, name: "Gamla stan"),
                    text: "Fika in the old town #stockholm"))
        ).created.body.json
        let tagged = try await roam.searchStories(query: .init(tag: "stockholm")).ok.body.json
        found.storiesTagged = tagged.posts.map(\.postId)
        _ = try await roam.savePost(path: .init(id: story.postId)).ok

        // a bucket list only your followers see, an item ticked off, and a thing to do nearby you vote up
        let list = try await roam.createBucketList(body: .json(.init(title: "Stockholm", visibility: .followers))).created.body.json
        let swim = try await roam.addBucketItem(
            path: .init(id: list.id),
            body: .json(.init(title: "Swim in the city", place: .init(point: .init(latitude: 59.3245, longitude: 18.0775), name: "Strömmen")))
        ).created.body.json
        _ = try await roam.completeBucketItem(path: .init(id: swim.id), body: .json(.init(note: "Cold!"))).ok
        let kayak = try await roam.createActivity(
            body: .json(.init(name: "Kayak at sunset", place: .init(point: .init(latitude: 59.3270, longitude: 18.0830), name: "Skeppsholmen")))
        ).created.body.json
        _ = try await roam.voteOnActivity(path: .init(id: kayak.id), body: .json(.init(vote: .up))).ok

        // any list, every page of it, as a loop
        _ = try await roam.createTrip(
            body: .json(
                .init(
                    destination: .init(name: "Stockholm"), endDate: "2031-06-17", homeCurrency: "SEK", startDate: "2031-06-10",
                    timeZone: "Europe/Stockholm", title: "Midsummer"))
        ).created
        for try await trip in Pages({ token in try await roam.listMyTrips(query: .init(pageToken: token)).ok.body.json }) {
            found.trips.append(trip.title)
        }

        // a refusal is thrown as the problem the gateway answered: its reason and the fields at fault
        do {
            _ = try await roam.createBucketList(body: .json(.init(title: "")))
        } catch let error where error.roamProblem != nil {
            found.refusal = "\(error.roamProblem!.reason) \(error.roamProblem!.fields.map(\.field))"
        }

        // log out: the session ends at the gateway, here and on every device holding its tokens
        try await session.logOut()
        // README: end
        return found
    }

    static func theReadmesClientStepsAreThisTestAndRunAgainstTheStack(_ everything: EveryService) async throws {
        let readme = try String(contentsOf: ContractDocument.root.appendingPathComponent("Gateway/Client/README.md"), encoding: .utf8)
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        let marked = try #require(source.components(separatedBy: "// README: begin\n").last?.components(separatedBy: "        // README: end").first)
        let steps = marked.split(separator: "\n", omittingEmptySubsequences: false).map { $0.hasPrefix("        ") ? $0.dropFirst(8) : $0 }
            // What the test records is what a reader would look at: the README prints it.
            .map { $0.replacing(#/found\.\w+(?: = (.*)|\.append\((.*)\))$/#) { "print(\($0.1 ?? $0.2 ?? ""))" } }
            .joined(separator: "\n")
        #expect(
            readme.contains(steps), "Gateway/Client/README.md's Swift steps differ from this test's: run scripts/sync-readme-client-steps.py")

        let photo = FileManager.default.temporaryDirectory.appendingPathComponent("roam-readme-\(UUID().uuidString).jpg")
        defer { try? FileManager.default.removeItem(at: photo) }
        try TestPhoto.write(to: photo.path, exif: TestPhoto.cameraFields)
        let found = try await Self.steps(gateway: everything.base, photo: photo)
        #expect(found.username == "ada")
        #expect(found.nearbyEvents == ["Picnic"])
        #expect(found.storiesTagged.count == 1)
        #expect(found.trips == ["Midsummer"])
        #expect(found.refusal == "INVALID_FIELD [\"title\"]", "\(found.refusal ?? "none")")
    }
}
