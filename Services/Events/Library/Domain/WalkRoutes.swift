import Foundation

/// The walks trips keeps, as group walks refer to them: whether a user may see one.
public protocol WalkRoutes: Sendable {
    func isVisible(_ walk: UUID, to user: UUID) async throws -> Bool
}
