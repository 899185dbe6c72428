import Foundation
import RoamCore

/// What bucket lists forget: a deleted user's lists, items and activities, their votes withdrawn (the
/// counts come down). Their photos go with media's own purge of the user, comments on their activities
/// with the feed's; bucket lists keep nothing of events or trips.
public struct BucketListsPurge: Purgeable {
    let lists: any BucketListRepository
    let activities: any ActivityRepository

    public func purge(user: UUID) async throws -> [String: Int] {
        let (lists, items) = try await lists.deleteAll(of: user)
        let activities = try await activities.deleteAll(of: user)
        return ["lists": lists.count, "items": items.count, "activities": activities.count]
    }
}
