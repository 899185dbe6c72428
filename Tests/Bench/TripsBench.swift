import Foundation
import GRPCCore
import GRPCNIOTransportHTTP2
import RoamProto
import RoamRuntime
import RoamTesting
import SwiftProtobuf

/// `roam-bench trips`: roam-trips as its own process on PostgreSQL + PostGIS, measured over gRPC: trip
/// and calendar reads, a day's pins, a day of 50,000 recorded points brought back simplified, that
/// day's GPX export, and searches of a catalog of 1,000,000 places.
enum TripsBench {
    static func run(concurrency: Int, seconds: Int, trackPoints: Int, places: Int) async throws {
        let stack = try await ProcessStack.startAccounts()
        let (media, mediaPort) = try await stack.startMedia(environment: ["LOG_LEVEL": "error"])
        let (trips, tripsPort) = try await stack.startTrips(environment: [
            "LOG_LEVEL": ProcessInfo.processInfo.environment["BENCH_LOG_LEVEL"] ?? "error", "MEDIA_ADDRESS": "127.0.0.1:\(mediaPort)",
        ])
        say(
            "roam-bench trips: roam-trips as its own process, HTTP/2 on loopback, PostgreSQL + PostGIS, \(concurrency) callers, \(seconds) s per figure"
        )
        say("trips resident memory idle: \(trips.residentMegabytes) MB")
        let accountsTransport = try HTTP2ClientTransport.Posix(
            target: .ipv4(host: "127.0.0.1", port: stack.accountsPort), transportSecurity: .plaintext)
        let tripsTransport = try HTTP2ClientTransport.Posix(target: .ipv4(host: "127.0.0.1", port: tripsPort), transportSecurity: .plaintext)
        try await withGRPCClient(transport: accountsTransport) { accountsGRPC in
            try await withGRPCClient(transport: tripsTransport) { tripsGRPC in
                let accounts = Roam_Accounts_V1_AccountsService.Client(wrapping: accountsGRPC)
                let user = try await EventsBench.signUp(count: 1, accounts)[0]
                let client = Roam_Trips_V1_TripsService.Client(wrapping: tripsGRPC)
                try await measureAll(
                    client, metadata: ["authorization": "Bearer \(user.token)"], concurrency: concurrency, seconds: seconds,
                    trackPoints: trackPoints)
                say("trips resident memory after the track: \(trips.residentMegabytes) MB")
                try await TripsPlacesBench.measure(
                    client, metadata: ["authorization": "Bearer \(user.token)"], concurrency: concurrency,
                    seconds: seconds, count: places)
            }
        }
        say("trips resident memory after load: \(trips.residentMegabytes) MB")
        _ = await trips.stop()
        _ = await media.stop()
        _ = await stack.accounts.stop()
    }

    static func measureAll(
        _ client: Roam_Trips_V1_TripsService.Client<HTTP2ClientTransport.Posix>, metadata: Metadata, concurrency: Int,
        seconds: Int, trackPoints: Int
    ) async throws {
        // Twenty trips over the years; the one measured is a week in Lisbon.
        for year in 2010..<2030 {
            _ = try await client.createTrip(.with { $0.trip = fields(start: "\(year)-06-10", end: "\(year)-06-17") }, metadata: metadata)
        }
        let trip = try await client.createTrip(.with { $0.trip = fields(start: "2031-06-10", end: "2031-06-17") }, metadata: metadata).trip
        // 100 pins on one day, 100 m apart.
        let origin = GeoPoint(latitude: 38.70, longitude: -9.20)
        for index in 0..<100 {
            _ = try await client.createPin(
                .with {
                    $0.tripID = trip.id
                    $0.pin = .with {
                        $0.title = "Pin \(index)"
                        $0.description_p = "A place"
                        $0.point = origin.moved(meters: Double(index) * 100, bearing: 90).proto
                        $0.visitedAt = Google_Protobuf_Timestamp(date: date("2031-06-12T08:00:00Z").addingTimeInterval(Double(index) * 300))
                    }
                }, metadata: metadata)
        }
        let getTrip = try await Bench.measure(concurrency: concurrency, seconds: seconds) { _ in
            _ = try await client.getTrip(.with { $0.tripID = trip.id }, metadata: metadata)
        }
        say("get a trip:                         \(getTrip)")
        let list = try await Bench.measure(concurrency: concurrency, seconds: seconds) { _ in
            _ = try await client.listMyTrips(.init(), metadata: metadata)
        }
        say("list my 21 trips:                   \(list)")
        let calendar = try await Bench.measure(concurrency: concurrency, seconds: seconds) { _ in
            _ = try await client.getCalendar(.with { $0.month = "2031-06" }, metadata: metadata)
        }
        say("calendar month (pin and entry counts): \(calendar)")
        let pins = try await Bench.measure(concurrency: concurrency, seconds: seconds) { _ in
            _ = try await client.listPins(
                .with {
                    $0.tripID = trip.id; $0.date = "2031-06-12"; $0.page = .with { $0.pageSize = 100 }
                },
                metadata: metadata)
        }
        say("a day's 100 pins (covers asked of media): \(pins)")

        // A day of recording: one point a second from 06:00 local, walking east-north-east with a wobble.
        _ = try await client.setTracking(
            .with {
                $0.tripID = trip.id; $0.enabled = true
            }, metadata: metadata)
        let start = date("2031-06-13T05:00:00Z")
        var position = GeoPoint(latitude: 38.70, longitude: -9.20)
        var points: [Roam_Trips_V1_TrackPoint] = []
        for second in 0..<trackPoints {
            position = position.moved(meters: 1.4, bearing: 60 + 40 * sin(Double(second) / 300))
            points.append(
                .with {
                    $0.at = Google_Protobuf_Timestamp(date: start.addingTimeInterval(Double(second)))
                    $0.position = position.proto
                    $0.accuracyMeters = 5
                })
        }
        let ingestStarted = ContinuousClock.now
        for batch in stride(from: 0, to: points.count, by: 1_000) {
            _ = try await client.recordTrackPoints(
                .with {
                    $0.tripID = trip.id; $0.points = Array(points[batch..<min(batch + 1_000, points.count)])
                },
                metadata: metadata)
        }
        let ingest = ContinuousClock.now - ingestStarted
        say(
            "recorded \(trackPoints) points in batches of 1,000: \(Bench.milliseconds(ingest)) (\(Int(Double(trackPoints) / ingest.seconds)) points/s)"
        )
        let sample = try await client.getDayTrack(
            .with {
                $0.tripID = trip.id; $0.date = "2031-06-13"
            }, metadata: metadata)
        say(
            "the day's track: \(sample.recordedPoints) points → \(sample.segments.map(\.points.count).reduce(0, +)) at 5 m tolerance, "
                + "\(sample.segments.count) segment(s), \(Int(sample.distanceMeters)) m")
        let single = try await Bench.measure(concurrency: 1, seconds: seconds) { _ in
            _ = try await client.getDayTrack(
                .with {
                    $0.tripID = trip.id; $0.date = "2031-06-13"
                }, metadata: metadata)
        }
        say("day track, \(trackPoints) points simplified, 1 caller:  \(single)")
        let many = try await Bench.measure(concurrency: concurrency, seconds: seconds) { _ in
            _ = try await client.getDayTrack(
                .with {
                    $0.tripID = trip.id; $0.date = "2031-06-13"
                }, metadata: metadata)
        }
        say("day track, \(trackPoints) points simplified, \(concurrency) callers: \(many)")
        @Sendable func export() async throws -> Int {
            try await client.exportGPX(
                .with {
                    $0.tripID = trip.id; $0.date = "2031-06-13"
                }, metadata: metadata
            ) { response in
                var bytes = 0
                for try await message in response.messages { bytes += message.chunk.count }
                return bytes
            }
        }
        let size = try await export()
        let gpx = try await Bench.measure(concurrency: 1, seconds: seconds) { _ in _ = try await export() }
        say("GPX export of that day (\(size / 1_024) KiB), 1 caller: \(gpx)")
    }

    static func fields(start: String, end: String) -> Roam_Trips_V1_TripFields {
        .with {
            $0.title = "Lisbon \(start.prefix(4))"
            $0.destination = .with { $0.name = "Lisbon" }
            $0.startDate = start
            $0.endDate = end
            $0.timeZone = "Europe/Lisbon"
            $0.homeCurrency = "EUR"
        }
    }

    static func date(_ text: String) -> Date {
        ISO8601DateFormatter().date(from: text)!
    }
}
