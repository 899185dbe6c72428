/// Where a page of search results ended: how many came before the next page. Results are ranked by
/// what changes (votes, ratings), so a page further on may repeat or skip one that moved; clients page on.
public enum OffsetCursor {
    public static let largest = 10_000

    public static func decode(_ token: String?) throws(RoamError) -> Int {
        guard let token else { return 0 }
        let parts = try PageCursor.decode(token, count: 1)
        guard let offset = Int(parts[0]), (0...largest).contains(offset) else {
            throw RoamError.invalidField("page.page_token", "is not a token this listing returned")
        }
        return offset
    }

    public static func token(_ offset: Int) -> String { PageCursor.encode([String(offset)]) }
}
