import Foundation
import GRPCCore
import GRPCNIOTransportHTTP2
import RoamProto
import RoamRuntime

/// The places half of `roam-bench trips`: a catalog of `count` places loaded through `ImportPlaces` as
/// `roam places import` sends them, then searched near Lisbon, where 5% of them stand in a 10 km square
/// (about 500 a square kilometre, a busy city's worth); the rest are spread across Europe.
enum TripsPlacesBench {
    static let lisbon = GeoPoint(latitude: 38.7139, longitude: -9.1394)
    static let categories = ["restaurant", "cafe", "bar", "museum", "park", "viewpoint", "beach", "shopping", "nightlife", "landmark", "other"]
    static let names = ["Café", "Tasca", "Museu", "Jardim", "Bar", "Casa", "Miradouro", "Praia", "Loja", "Igreja"]

    static func measure(
        _ client: Roam_Trips_V1_TripsService.Client<HTTP2ClientTransport.Posix>, metadata: Metadata, concurrency: Int,
        seconds: Int, count: Int
    ) async throws {
        let credential = await ServiceCredential(serviceName: "roam-bench", secret: ServiceSettings.developmentServiceSecret)
        let batches = (count + 999) / 1_000
        let loaders = 4
        let started = ContinuousClock.now
        try await withThrowingTaskGroup(of: Void.self) { group in
            for loader in 0..<loaders {
                group.addTask {
                    for batch in stride(from: loader, to: batches, by: loaders) {
                        let records = (batch * 1_000..<min((batch + 1) * 1_000, count)).map(record)
                        _ = try await client.importPlaces(
                            .with { $0.places = records },
                            metadata: ["authorization": "Bearer \(try await credential.token())"])
                    }
                }
            }
            try await group.waitForAll()
        }
        let load = ContinuousClock.now - started
        say(
            "imported \(count.formatted()) places in batches of 1,000, \(loaders) at a time: \(Bench.milliseconds(load)) "
                + "(\(Int(Double(count) / load.seconds).formatted()) places/s)")

        func find(_ configure: @escaping @Sendable (inout Roam_Trips_V1_FindPlacesRequest) -> Void) async throws -> String {
            try await Bench.measure(concurrency: concurrency, seconds: seconds) { _ in
                _ = try await client.findPlaces(
                    .with { request in
                        request.near = lisbon.proto
                        configure(&request)
                    }, metadata: metadata)
            }
        }
        let sample = try await client.findPlaces(.with { $0.near = lisbon.proto }, metadata: metadata)
        say("places near Lisbon's centre (5 km): top \(sample.places.count) by rating")
        say("  top 20 by rating within 5 km:          \(try await find { _ in })")
        say("  restaurants by price, cheapest first:  \(try await find { $0.category = "restaurant"; $0.sort = .priceAsc })")
        say("  names starting \"Caf\", within 5 km:     \(try await find { $0.namePrefix = "Caf" })")
        say("  open now (Europe/Lisbon), within 1 km: \(try await find { $0.openNowInTimeZone = "Europe/Lisbon"; $0.withinMeters = 1_000 })")
        let anywhere = try await Bench.measure(concurrency: concurrency, seconds: seconds) { _ in
            _ = try await client.findPlaces(
                .with {
                    $0.near = GeoPoint(latitude: Double.random(in: 36...60), longitude: Double.random(in: -10...30)).proto
                    $0.withinMeters = 20_000
                }, metadata: metadata)
        }
        say("  anywhere in Europe, within 20 km:      \(anywhere)")
    }

    /// Place `index`, the same on every run: 1 in 20 in Lisbon, the rest across Europe.
    @Sendable static func record(_ index: Int) -> Roam_Trips_V1_PlaceRecord {
        // xorshift64*, seeded by the index.
        var random = (UInt64(index) &+ 1) &* 0x9E37_79B9_7F4A_7C15
        func next() -> Double {
            random ^= random >> 12
            random ^= random << 25
            random ^= random >> 27
            return Double((random &* 0x2545_F491_4F6C_DD1D) >> 11) / Double(UInt64(1) << 53)
        }
        let point =
            index % 20 == 0
            ? lisbon.moved(meters: next() * 7_000, bearing: next() * 360)
            : GeoPoint(latitude: 36 + next() * 24, longitude: -10 + next() * 40)
        return .with {
            // Drawn, not taken from the index: Lisbon's places (every 20th) must not share one name or price.
            $0.sourceID = "bench/\(index)"
            $0.name = "\(names[Int(next() * Double(names.count))]) \(index)"
            $0.category = categories[Int(next() * Double(categories.count))]
            $0.point = point.proto
            if next() < 0.8 {
                $0.rating = (10 + next() * 40).rounded() / 10
                $0.ratingCount = Int32(next() * 2_000)
            }
            $0.priceLevel = Int32(next() * 5)
            let hours = next()
            if hours < 1.0 / 3 { $0.openingHours = "Mo-Su 09:00-18:00" } else if hours < 2.0 / 3 { $0.openingHours = "24/7" }
        }
    }
}
