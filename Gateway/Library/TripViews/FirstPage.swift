/// The first page of a list a day view shows, and the token that reads on when there is more.
struct FirstPage<Item: Sendable>: Sendable {
    var items: [Item]
    var next: String?

    init(_ items: [Item], next: String) {
        self.items = items
        self.next = next.isEmpty ? nil : next
    }
}
