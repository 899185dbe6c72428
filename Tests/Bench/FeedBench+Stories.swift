import Foundation
import GRPCCore
import RoamProto
import RoamRuntime

/// Legends' reads on a city's worth of stories: nearby (PostGIS), trending near a point (the
/// background ranker's index), and full-text search.
extension FeedBench {
    static let storyCount = 10_000

    static func stories(client: Feed, members: [(id: UUID, token: String)], concurrency: Int, seconds: Int) async throws {
        let start = ContinuousClock.now
        // Spread over a 20 km square around the centre, with one of a few words and tags each.
        let words = ["sunset", "harbour", "fika", "market", "museum", "park", "bridge", "island"]
        try await forEach(0..<storyCount, concurrency: concurrency) { index in
            let word = words[index % words.count]
            _ = try await client.createPost(
                .with {
                    $0.audience = .with {
                        $0.place = .with {
                            $0.position = .with {
                                $0.latitude = here.latitude + Double(index % 100 - 50) * 0.0018
                                $0.longitude = here.longitude + Double(index / 100 - 50) * 0.0034
                            }
                            $0.name = "Spot \(index % 500)"
                        }
                    }
                    $0.text = "A \(word) story number \(index) #\(word)"
                }, metadata: bearer(members[index % members.count].token))
        }
        say("\(storyCount) stories posted over 20 km × 20 km in \(ContinuousClock.now - start)")
        let center = Roam_Common_V1_LatLng.with {
            $0.latitude = here.latitude; $0.longitude = here.longitude
        }
        let nearby = try await Bench.measure(concurrency: concurrency, seconds: seconds) { index in
            _ = try await client.listStories(
                .with {
                    $0.near = .with {
                        $0.center = center; $0.radiusMeters = 2_000
                    }
                    $0.page.pageSize = 20
                }, metadata: bearer(members[index % members.count].token))
        }
        say("stories within 2 km, newest 20:     \(nearby)")
        let top = try await Bench.measure(concurrency: concurrency, seconds: seconds) { index in
            _ = try await client.listStories(
                .with {
                    $0.near = .with {
                        $0.center = center; $0.radiusMeters = 2_000
                    }
                    $0.order = .topWeek
                    $0.page.pageSize = 20
                }, metadata: bearer(members[index % members.count].token))
        }
        say("stories within 2 km, top of week:   \(top)")
        let trending = try await Bench.measure(concurrency: concurrency, seconds: seconds) { index in
            _ = try await client.listStories(
                .with {
                    $0.order = .trending; $0.page.pageSize = 20
                },
                metadata: bearer(members[index % members.count].token))
        }
        say("trending everywhere, first 20:      \(trending)")
        let search = try await Bench.measure(concurrency: concurrency, seconds: seconds) { index in
            _ = try await client.listStories(
                .with {
                    $0.text = words[index % words.count]; $0.page.pageSize = 20
                },
                metadata: bearer(members[index % members.count].token))
        }
        say("full-text search, newest 20:        \(search)")
    }
}
