import Foundation

/// How a case was closed.
public struct Resolution: Sendable, Equatable, Codable {
    public var action: ResolutionAction
    public var note: String
    public var by: String
    public var at: Date

    public init(action: ResolutionAction, note: String, by: String, at: Date) {
        self.action = action
        self.note = note
        self.by = by
        self.at = at
    }
}
