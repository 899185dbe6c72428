/// What a profile shows of someone's bucket lists.
public struct ListCounts: Sendable, Hashable {
    public var lists: Int
    public var items: Int
    public var completed: Int

    public init(lists: Int = 0, items: Int = 0, completed: Int = 0) {
        self.lists = lists
        self.items = items
        self.completed = completed
    }
}
