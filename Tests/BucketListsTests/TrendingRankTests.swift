import Foundation
import Testing

@testable import BucketLists

/// The trending rank: Wilson's lower bound, halved weekly, kept in a form whose order never changes with time.
@Suite struct TrendingRankTests {
    @Test func theWilsonBoundIsFairToFewVotes() {
        #expect(TrendingRank.wilsonLowerBound(up: 0, down: 0) == 0)
        #expect(abs(TrendingRank.wilsonLowerBound(up: 2, down: 0) - 0.3424) < 0.0001)
        #expect(abs(TrendingRank.wilsonLowerBound(up: 10, down: 1) - 0.6226) < 0.0001)
        #expect(
            TrendingRank.wilsonLowerBound(up: 100, down: 10) > TrendingRank.wilsonLowerBound(up: 10, down: 1),
            "more votes saying the same rank higher")
    }

    @Test func theStoredRankOrdersAsTheDecayedBoundDoesAtAnyTime() {
        let start = Date(timeIntervalSince1970: 1_780_000_000)
        let activities = (0..<200).map { index in
            (
                votes: VoteCounts(up: (index * 37) % 60, down: (index * 11) % 25),
                createdAt: start.addingTimeInterval(Double((index * 7_919) % 5_000_000))
            )
        }
        for now in [start.addingTimeInterval(5_000_000), start.addingTimeInterval(40_000_000)] {
            func decayed(_ activity: (votes: VoteCounts, createdAt: Date)) -> Double {
                TrendingRank.wilsonLowerBound(up: activity.votes.up, down: activity.votes.down)
                    * pow(0.5, now.timeIntervalSince(activity.createdAt) / TrendingRank.halfLife)
            }
            let voted = activities.filter { $0.votes.up > 0 }
            let byDecayed = voted.indices.sorted { decayed(voted[$0]) > decayed(voted[$1]) }
            let byRank = voted.indices.sorted {
                TrendingRank.rank(voted[$0].votes, createdAt: voted[$0].createdAt)
                    > TrendingRank.rank(voted[$1].votes, createdAt: voted[$1].createdAt)
            }
            #expect(byDecayed == byRank)
        }
        // Unvoted ones come after any voted one of the same weeks, newest first among themselves.
        let unvoted = TrendingRank.rank(VoteCounts(), createdAt: start),
            older = TrendingRank.rank(VoteCounts(), createdAt: start.addingTimeInterval(-86_400))
        #expect(unvoted < TrendingRank.rank(VoteCounts(up: 1, down: 20), createdAt: start.addingTimeInterval(-100 * 86_400)))
        #expect(older < unvoted)
    }
}
