import Synchronization
import Testing

@testable import RoamClient

/// Pages: every item once, in order, whatever the pages' sizes, and no loop on a token that does not move.
struct PagesTests {
    struct Page: PageOfItems {
        let pageItems: [Int]
        let nextPageToken: String?
    }

    static func all(_ pages: [String?: Page]) async throws -> (items: [Int], asked: [String?]) {
        let asked = Mutex<[String?]>([])
        var items: [Int] = []
        for try await item in Pages({ token in
            asked.withLock { $0.append(token) }
            return try #require(pages[token])
        }) { items.append(item) }
        return (items, asked.withLock { $0 })
    }

    @Test func everyItemOnceInOrderEmptyPagesIncluded() async throws {
        let (items, asked) = try await Self.all([
            nil: Page(pageItems: [1, 2], nextPageToken: "a"), "a": Page(pageItems: [], nextPageToken: "b"),
            "b": Page(pageItems: [3], nextPageToken: nil),
        ])
        #expect(items == [1, 2, 3] && asked == [nil, "a", "b"])
    }

    @Test func aTokenThatDoesNotMoveEndsTheList() async throws {
        let (items, asked) = try await Self.all([nil: Page(pageItems: [1], nextPageToken: "a"), "a": Page(pageItems: [2], nextPageToken: "a")])
        #expect(items == [1, 2] && asked == [nil, "a"])
    }
}
