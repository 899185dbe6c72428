/// Something readers see together with its engagement; reads through to the item's own properties.
@dynamicMemberLookup
public struct Engaged<Item: Sendable & Equatable>: Sendable, Equatable {
    public var item: Item
    public var engagement: Engagement

    public init(_ item: Item, _ engagement: Engagement = Engagement()) {
        self.item = item
        self.engagement = engagement
    }

    public subscript<Value>(dynamicMember keyPath: KeyPath<Item, Value>) -> Value {
        item[keyPath: keyPath]
    }
}
