import Foundation

/// An item ticked off: when, and what the owner kept of it.
public struct Completion: Sendable, Hashable {
    public var at: Date
    public var note: String
    public var mediaID: UUID?

    public static let maxNoteLength = 2_000

    public init(at: Date, note: String = "", mediaID: UUID? = nil) {
        self.at = at
        self.note = note
        self.mediaID = mediaID
    }
}
