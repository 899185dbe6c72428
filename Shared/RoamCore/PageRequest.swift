/// Where a listing starts and how much it returns.
public struct PageRequest: Sendable, Equatable {
    public static let defaultSize = 20
    public static let maximumSize = 100

    public var size: Int
    /// Opaque to clients; each repository decides what it holds.
    public var cursor: String?

    public init(size: Int = PageRequest.defaultSize, cursor: String? = nil) {
        self.size = size
        self.cursor = cursor
    }
}
