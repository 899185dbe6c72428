import Foundation

public struct Report: Sendable, Equatable {
    public enum Reason: String, Sendable, CaseIterable {
        case spam
        case harassment
        case inappropriate
        /// Needs a text.
        case other
    }

    public var id: UUID
    public var eventID: UUID
    public var reporterID: UUID
    public var targetID: UUID
    public var reason: Reason
    public var text: String
    public var createdAt: Date
}
