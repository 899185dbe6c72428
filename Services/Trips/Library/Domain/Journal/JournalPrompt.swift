/// A question to write about, from `JournalPrompts.catalog`.
public struct JournalPrompt: Sendable, Hashable {
    public let id: String
    public let text: String

    public init(_ id: String, _ text: String) {
        self.id = id
        self.text = text
    }
}
