/// What marking notifications read did: how many it marked, and how many are still unread.
public struct ReadOutcome: Sendable, Equatable {
    public var marked: Int
    public var unread: Int

    public init(marked: Int, unread: Int) {
        self.marked = marked
        self.unread = unread
    }
}
