import Foundation
import RoamCore
import RoamRuntime
import RoamTesting
import Testing

@testable import Gateway
@testable import Media

/// `GET /v1/trips/{id}/days/{date}` with more than a page of everything: the day shows the first 100
/// of each list, and its tokens read on through the lists' own operations to the last item.
@Suite struct GatewayTripDayTests {
    @Test func aFullDayShowsTheFirstHundredOfEachListAndItsTokensReadOnToTheEnd() async throws {
        let library = InMemoryMediaStore()
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("roam-gateway-day-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let settings = try GatewayHarness.settings([
            "RATE_LIMIT_PER_USER": "10000", "RATE_LIMIT_PER_USER_BURST": "10000",
            "RATE_LIMIT_PER_ADDRESS": "10000", "RATE_LIMIT_PER_ADDRESS_BURST": "10000",
        ])
        let media = MediaGRPCService(
            media: MediaService(
                repository: library, blobs: try LocalFileBlobStore(root: root.appendingPathComponent("blobs")),
                images: ImageProcessor(reader: ImageReader(pixelLimit: 1_000_000), workers: ImageWorkers(threads: 1)),
                policy: MediaPolicy()),
            spool: try UploadSpool(directory: root.appendingPathComponent("spool")), maxBytes: 1_000_000,
            links: MediaLinkSigner(serviceSecret: settings.serviceSecret))
        try await GatewayTripsTests.withTrips(media: [media], settings: settings) { http in
            let ana = try await GatewayAccountsTests.signUp(http).access
            let anaID = try #require(UUID(uuidString: try await http.send("GET", "/v1/me", token: ana).json()["userId"] as? String ?? ""))
            let trip = try #require(
                try await http.send(
                    "POST", "/v1/trips",
                    json: [
                        "title": "Lisbon", "destination": ["name": "Lisbon"], "startDate": "2025-06-10", "endDate": "2025-06-14",
                        "timeZone": "Europe/Lisbon", "homeCurrency": "EUR",
                    ], token: ana
                ).json()["id"] as? String)
            #expect(try await http.send("PUT", "/v1/trips/\(trip)/budget", json: ["total": "5000"], token: ana).status == 200)

            // 150 photos, 120 entries, 110 pins and 101 expenses on 12 June (Lisbon is UTC+1 then).
            let morning = try #require(ISO8601DateFormatter().date(from: "2025-06-12T08:00:00Z"))
            var photos: [String] = []
            for minute in 0..<150 {
                let item = MediaItem(
                    id: UUID(), ownerID: anaID, type: .jpeg, sizeBytes: 1_000, sha256: String(format: "%064x", minute), width: 400,
                    height: 300, orientation: nil,
                    captureTime: CaptureTime(
                        date: morning.addingTimeInterval(Double(minute) * 60),
                        utcOffsetSeconds: 3_600),
                    position: nil, cameraMake: nil, cameraModel: nil, deviceAssetID: nil, description: "", tags: [], inLibrary: true,
                    createdAt: morning)
                photos.append(try await library.add(item).item.id.lowercasedString)
            }
            for number in 0..<120 {
                let written = try await http.send(
                    "POST", "/v1/trips/\(trip)/journal", json: ["title": "Entry \(number)", "body": "…", "date": "2025-06-12"],
                    token: ana)
                #expect(written.status == 201, "\(String(decoding: written.body, as: UTF8.self))")
            }
            let square = GeoPoint(latitude: 38.7139, longitude: -9.1394)
            for number in 0..<110 {
                let point = square.moved(meters: Double(number) * 20, bearing: 90)
                let pinned = try await http.send(
                    "POST", "/v1/trips/\(trip)/pins",
                    json: [
                        "title": "Stop \(number)", "description": "A stop", "point": ["latitude": point.latitude, "longitude": point.longitude],
                        "visitedAt": "2025-06-12T\(String(format: "%02d", 8 + number / 60)):\(String(format: "%02d", number % 60)):00Z",
                    ], token: ana)
                #expect(pinned.status == 201, "\(String(decoding: pinned.body, as: UTF8.self))")
            }
            for number in 0..<101 {
                #expect(
                    try await http.send(
                        "POST", "/v1/trips/\(trip)/expenses",
                        json: [
                            "amount": "1", "currency": "EUR",
                            "spentAt": "2025-06-12T\(String(format: "%02d", 8 + number / 60)):\(String(format: "%02d", number % 60)):00Z",
                            "category": "food",
                        ], token: ana
                    ).status == 201)
            }

            let dayReply = try await http.send("GET", "/v1/trips/\(trip)/days/2025-06-12", token: ana)
            let day = try dayReply.json()
            #expect(dayReply.status == 200, "\(String(decoding: dayReply.body, as: UTF8.self).prefix(500))")
            let shown = try #require(day["photos"] as? [[String: Any]])
            #expect(shown.compactMap { $0["mediaId"] as? String } == Array(photos.prefix(100)), "the earliest 100, earliest first")
            #expect((day["journalEntries"] as? [Any])?.count == 100 && (day["pins"] as? [Any])?.count == 100)
            let budget = try #require(day["budget"] as? [String: Any])
            #expect((budget["expenses"] as? [Any])?.count == 100 && budget["expenseCount"] as? Int == 101)
            #expect((budget["spent"] as? [String: Any])?["amount"] as? String == "101.00", "the day's total counts every expense")
            let tokens = try #require(day["nextPageTokens"] as? [String: String])

            // Reading on from each token reaches the last item, and nothing comes twice.
            func readOn(_ path: String, _ key: String, from token: String) async throws -> [String] {
                var ids: [String] = [], next = token
                while !next.isEmpty {
                    let page = try await http.send("GET", "\(path)pageSize=100&pageToken=\(next)", token: ana)
                    #expect(page.status == 200)
                    let json = try page.json()
                    ids += (json[key] as? [[String: Any]] ?? []).compactMap { ($0["mediaId"] ?? $0["id"]) as? String }
                    next = json["nextPageToken"] as? String ?? ""
                }
                return ids
            }
            let morePhotos = try await readOn("/v1/trips/\(trip)/days/2025-06-12/photos?", "photos", from: try #require(tokens["photos"]))
            #expect(shown.compactMap { $0["mediaId"] as? String } + morePhotos == photos)
            let moreEntries = try await readOn("/v1/trips/\(trip)/journal?date=2025-06-12&", "entries", from: try #require(tokens["journalEntries"]))
            let firstEntries = (day["journalEntries"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
            #expect(moreEntries.count == 20 && Set(firstEntries + moreEntries).count == 120)
            let morePins = try await readOn("/v1/trips/\(trip)/pins?date=2025-06-12&", "pins", from: try #require(tokens["pins"]))
            let firstPins = (day["pins"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
            #expect(morePins.count == 10 && Set(firstPins + morePins).count == 110)

            // A day that fits in a page has no tokens; the photo listing answers like the day for wrong input.
            let quiet = try await http.send("GET", "/v1/trips/\(trip)/days/2025-06-13", token: ana).json()
            #expect(quiet["nextPageTokens"] == nil && (quiet["photos"] as? [Any])?.isEmpty == true)
            #expect(
                try await http.send("GET", "/v1/trips/\(trip)/days/2025-06-12/photos?pageToken=garbage", token: ana).problemFields == ["pageToken"])
            #expect(try await http.send("GET", "/v1/trips/\(trip)/days/2025-06-12/photos?pageSize=0", token: ana).status == 400)
            #expect(try await http.send("GET", "/v1/trips/\(trip)/days/2025-06-20/photos", token: ana).status == 404)
            let bo = try await GatewayAccountsTests.signUp(http).access
            #expect(try await http.send("GET", "/v1/trips/\(trip)/days/2025-06-12/photos", token: bo).status == 404, "someone else's trip")
        }
    }
}
