import Foundation
import RoamCore
import RoamRuntime
import RoamTesting
import Testing

@testable import BucketLists

/// Lists and items with their own owners, so tests share one database without colliding.
enum BucketListFixtures {
    /// A moment rounded to the microsecond, as PostgreSQL keeps it.
    static func time(_ seconds: Double = 0) -> Date {
        Date(timeIntervalSince1970: ((1_780_000_000 + seconds) * 1_000_000).rounded() / 1_000_000)
    }

    static func list(
        owner: UUID = UUID(), title: String = "Before I'm thirty", visibility: Visibility = .public, at seconds: Double = 0
    ) -> BucketList {
        BucketList(
            id: .v7(at: time(seconds)), ownerID: owner, details: ListDetails(title: title, visibility: visibility),
            createdAt: time(seconds), updatedAt: time(seconds))
    }

    static func item(in list: BucketList, title: String = "See the northern lights", place: NamedPlace? = nil) -> Item {
        Item(
            id: UUID(), listID: list.id, ownerID: list.ownerID, details: ItemDetails(title: title, place: place), createdAt: time(), updatedAt: time()
        )
    }
}
