/// Every item of a list, fetched a page at a time as the loop asks for more:
///
///     for try await entry in Pages({ token in
///         try await session.client.listJournalEntries(path: .init(id: tripID), query: .init(pageToken: token)).ok.body.json
///     }) { … }
public struct Pages<Page: PageOfItems>: AsyncSequence, Sendable {
    public typealias Element = Page.Item

    private let fetch: @Sendable (_ pageToken: String?) async throws -> Page

    /// - Parameter fetch: asks for the page after `pageToken` (the first page for nil).
    public init(_ fetch: @escaping @Sendable (_ pageToken: String?) async throws -> Page) {
        self.fetch = fetch
    }

    public struct AsyncIterator: AsyncIteratorProtocol {
        let fetch: @Sendable (String?) async throws -> Page
        var items: [Page.Item] = []
        var position = 0
        var token: String?
        var finished = false

        public mutating func next() async throws -> Page.Item? {
            while position == items.count {
                guard !finished else { return nil }
                let page = try await fetch(token)
                (items, position) = (page.pageItems, 0)
                // A token that does not move on would loop for ever.
                finished = page.nextPageToken == nil || page.nextPageToken == "" || page.nextPageToken == token
                token = page.nextPageToken
            }
            defer { position += 1 }
            return items[position]
        }
    }

    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(fetch: fetch)
    }
}
