/// One page of a listing and the cursor of the next, if any.
public struct Page<Item: Sendable>: Sendable {
    public var items: [Item]
    public var nextCursor: String?

    public init(items: [Item], nextCursor: String?) {
        self.items = items
        self.nextCursor = nextCursor
    }
}

extension Page {
    /// A page from rows fetched with `LIMIT size + 1`: the first `size`, and a cursor after the last of
    /// them when the extra row shows there is more.
    public init(fetched rows: [Item], size: Int, cursor: (Item) -> String) {
        self.init(items: Array(rows.prefix(size)), nextCursor: rows.count > size ? cursor(rows[size - 1]) : nil)
    }
}

extension Page {
    /// The same page with each item transformed; the cursor stays.
    public func map<Other: Sendable>(_ transform: (Item) throws -> Other) rethrows -> Page<Other> {
        Page<Other>(items: try items.map(transform), nextCursor: nextCursor)
    }
}
