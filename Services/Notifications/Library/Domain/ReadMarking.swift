import Foundation

/// Which notifications a "mark read" covers.
public enum ReadMarking: Sendable, Equatable {
    case ids([UUID])
    /// Every one there is when it is marked, whenever it happened (a publisher's clock may run ahead).
    case all
}
