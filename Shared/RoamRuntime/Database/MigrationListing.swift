/// A service's migrations as its executable prints them (`roam-<service> --migrations`): what
/// `roam migrations` compares with a database, and what a release records (`releases/`).
public struct MigrationListing: Codable, Sendable, Equatable {
    public struct Entry: Codable, Sendable, Equatable {
        public var version: Int
        public var name: String
        /// `expand` or `contract`.
        public var change: String
        /// For a contracting step: the last release that still reads what it drops.
        public var lastReadIn: String?
        public var checksum: String
    }

    public var schema: String
    public var migrations: [Entry]

    public init(_ migrator: Migrator) {
        schema = migrator.schema
        migrations = migrator.migrations.map { migration in
            switch migration.change {
            case .expand:
                Entry(version: migration.version, name: migration.name, change: "expand", checksum: migration.checksum)
            case .contract(let lastReadIn):
                Entry(version: migration.version, name: migration.name, change: "contract", lastReadIn: lastReadIn, checksum: migration.checksum)
            }
        }
    }
}
