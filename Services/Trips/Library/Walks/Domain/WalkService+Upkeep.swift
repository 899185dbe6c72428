import Foundation
import RoamCore

/// The service's work of its own: closing walks left open, forgetting a deleted account's walks.
extension WalkService {
    /// Finishes walks ongoing for longer than the longest a walk may last, at their last recorded
    /// point (or their start without one); how many.
    public func closeOverdue(limit: Int = 100) async throws -> Int {
        let cutoff = now().addingTimeInterval(-maxDuration.seconds)
        var closed = 0
        for walk in try await walks.ongoing(startedBefore: cutoff, limit: limit) {
            let points = try await walks.points(of: walk.id, after: nil, limit: Int.max)
            let end = min(points.last?.at ?? walk.startedAt, walk.startedAt.addingTimeInterval(maxDuration.seconds))
            if try await finish(walk, at: max(end, walk.startedAt), automatically: true, points: points) != nil { closed += 1 }
        }
        return closed
    }

    /// Deletes a deleted account's walks and withdraws their ratings; how many walks.
    public func purgeUser(_ user: UUID) async throws -> Int {
        try await walks.deleteAll(of: user).count
    }
}
