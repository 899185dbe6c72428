import Foundation

/// A row of `<schema>.schema_migrations`.
struct AppliedMigration: Codable, Sendable, Equatable {
    var version: Int
    var name: String
    var appliedAt: Date
}
