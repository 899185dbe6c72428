import Foundation
import RoamTesting
import Testing

/// Trip Diary's GPX import into a trip's track, through the gateway on real processes: the file's points
/// join the track as recorded points do (each moment once), on the trip's days only, and only the owner's.
@Suite struct TrackImportEndToEndTests {
    static func gpx(_ times: [String]) -> Data {
        let points = times.enumerated().map { index, time in
            "<trkpt lat=\"\(35.6812 + Double(index) * 0.001)\" lon=\"139.7671\"><time>\(time)</time></trkpt>"
        }
        return Data(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="watch" xmlns="http://www.topografix.com/GPX/1/1">
            <trk><name>Day walk</name><trkseg>\(points.joined())</trkseg></trk></gpx>
            """.utf8)
    }

    @Test func aGPXFileJoinsTheTripsTrackOnceOnItsDaysOnly() async throws {
        try await onFullStack { http in
            let suffix = Int.random(in: 10_000...99_999)
            let ana = try await http.signUp("diary\(suffix)").token
            let bo = try await http.signUp("other\(suffix)").token
            let trip = try await http.created(
                "/v1/trips",
                [
                    "title": "Tokyo", "destination": ["name": "Tokyo"], "startDate": "2026-04-01",
                    "endDate": "2026-04-03", "timeZone": "Asia/Tokyo", "homeCurrency": "JPY",
                ], token: ana)
            let headers = ["Content-Type": "application/gpx+xml"]
            // 09:00 to 09:02 in Tokyo on the trip's second day, one with a fraction of a second.
            let file = Self.gpx(["2026-04-02T00:00:00Z", "2026-04-02T00:01:00.250Z", "2026-04-02T00:02:00Z"])

            let imported = try await http.send("POST", "/v1/trips/\(trip)/track.gpx", body: file, token: ana, headers: headers)
            #expect(imported.status == 200, "\(imported.status) \(imported.text)")
            #expect(try imported.json()["recorded"] as? Int == 3 && imported.json()["repeated"] as? Int == 0)
            let again = try await http.send("POST", "/v1/trips/\(trip)/track.gpx", body: file, token: ana, headers: headers)
            #expect(try again.json()["recorded"] as? Int == 0 && again.json()["repeated"] as? Int == 3, "each moment once: \(again.text)")
            let day = try await http.send("GET", "/v1/trips/\(trip)/days/2026-04-02/track", token: ana).json()
            #expect(day["recordedPoints"] as? Int == 3, "\(day)")
            let exported = try await http.send("GET", "/v1/trips/\(trip)/track.gpx?date=2026-04-02", token: ana)
            #expect(exported.text.contains("2026-04-02T00:01:00.25"), "the fraction is kept: \(exported.text.prefix(600))")

            // A point on a day outside the trip refuses the file, naming the point; nothing of it is stored.
            let outside = Self.gpx(["2026-04-03T01:00:00Z", "2026-04-05T01:00:00Z"])
            let refused = try await http.send("POST", "/v1/trips/\(trip)/track.gpx", body: outside, token: ana, headers: headers)
            #expect(refused.status == 400 && refused.problemFields == ["gpx.trkpt[1].time"], "\(refused.status) \(refused.text)")
            #expect(try await http.send("GET", "/v1/trips/\(trip)/days/2026-04-03/track", token: ana).json()["recordedPoints"] as? Int == 0)
            let broken = try await http.send("POST", "/v1/trips/\(trip)/track.gpx", body: Data("<gpx><trk>".utf8), token: ana, headers: headers)
            #expect(broken.status == 400 && broken.problemFields == ["gpx"], "\(broken.text)")
            #expect(
                try await http.send(
                    "POST", "/v1/trips/\(trip)/track.gpx", body: Data("{}".utf8), token: ana,
                    headers: ["Content-Type": "application/json"]
                ).status == 415)
            #expect(
                try await http.send("POST", "/v1/trips/\(trip)/track.gpx", body: file, token: bo, headers: headers).status == 404, "not Bo's trip")
            #expect(try await http.send("POST", "/v1/trips/\(trip)/track.gpx", body: file, headers: headers).status == 401)
        }
    }
}
