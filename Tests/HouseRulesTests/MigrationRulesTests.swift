import Foundation
import Testing

@testable import Accounts
@testable import BucketLists
@testable import Budget
@testable import Events
@testable import Feed
@testable import Media
@testable import Moderation
@testable import Notifications
@testable import RoamRuntime
@testable import Trips

/// Upgrades are rolling: the previous release keeps serving while the new one migrates and starts.
/// So a migration only expands the schema; one that drops, renames or tightens is marked
/// `contractingWhatIsLastReadIn:` an older release than the newest, and a shipped one never changes.
@Suite struct MigrationRulesTests {
    static let migrators = [
        AccountsMigrations.migrator, BucketListsMigrations.migrator, BudgetMigrations.migrator, EventsMigrations.migrator,
        FeedMigrations.migrator, MediaMigrations.migrator, ModerationMigrations.migrator, NotificationsMigrations.migrator,
        TripsMigrations.migrator,
    ]

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func aShippedMigrationIsNeverEdited() throws {
        for release in try ReleaseRecord.all(in: Self.root) {
            for shipped in release.schemas {
                let current = try #require(Self.migrators.first { $0.schema == shipped.schema }, "\(release.version) shipped \(shipped.schema)")
                let now = MigrationListing(current).migrations
                for migration in shipped.migrations {
                    let same = now.first { $0.version == migration.version }
                    #expect(
                        same?.checksum == migration.checksum && same?.name == migration.name,
                        "\(shipped.schema) \(migration.version) \(migration.name) shipped in \(release.version) and has changed or gone since")
                }
            }
        }
    }

    @Test func aMigrationAfterTheNewestReleaseExpandsOrIsMarkedContracting() throws {
        let releases = try ReleaseRecord.all(in: Self.root)
        // Before the first release nothing older runs beside the new code, so nothing needs marking.
        guard let newest = releases.last else { return }
        for migrator in Self.migrators {
            let shipped = Set(releases.flatMap { $0.schemas.filter { $0.schema == migrator.schema }.flatMap(\.migrations).map(\.version) })
            for migration in migrator.migrations where !shipped.contains(migration.version) {
                let problems = Self.problems(migration, releases: releases.map(\.version), newest: newest.version)
                #expect(problems.isEmpty, "\(migrator.schema) \(migration.version) \(migration.name): \(problems.joined(separator: "; "))")
            }
        }
    }

    @Test func contractingStatementsAreFound() {
        let contracting = [
            "DROP TABLE feed.story_views", "ALTER TABLE feed.posts DROP COLUMN search", "ALTER TABLE a.b RENAME COLUMN x TO y",
            "ALTER TABLE a.b RENAME TO c", "ALTER TABLE a.b ALTER COLUMN x TYPE bigint", "ALTER TABLE a.b ALTER COLUMN x SET DATA TYPE text",
            "ALTER TABLE a.b ALTER COLUMN x SET NOT NULL", "ALTER TABLE a.b ADD CONSTRAINT c CHECK (x > 0)",
            "ALTER TABLE a.b ADD COLUMN x text NOT NULL", "ALTER TABLE a.b ADD COLUMN y text, ADD COLUMN x numeric(10,2) NOT NULL",
            "drop   table\n  a.b", "DROP SCHEMA a CASCADE", "DROP VIEW a.v",
        ]
        for statement in contracting { #expect(SchemaChange.contractingReason(of: statement) != nil, "\(statement)") }
        let expanding = [
            "CREATE TABLE a.b (id uuid PRIMARY KEY, x text NOT NULL)", "ALTER TABLE a.b ADD COLUMN x text NOT NULL DEFAULT ''",
            "ALTER TABLE a.b ADD COLUMN x text", "ALTER TABLE a.b ALTER COLUMN x DROP NOT NULL", "ALTER TABLE a.b DROP CONSTRAINT c",
            "CREATE INDEX i ON a.b (x)", "DROP INDEX a.i",
            "ALTER TABLE a.b ADD COLUMN s tsvector GENERATED ALWAYS AS (to_tsvector('simple', x)) STORED",
            "ALTER TABLE a.b ADD COLUMN t bigint[] NOT NULL DEFAULT '{80,100}'",
        ]
        for statement in expanding { #expect(SchemaChange.contractingReason(of: statement) == nil, "\(statement)") }
    }

    /// The rule, applied to the steps taken before the first release as if one had come before each:
    /// it names exactly the statements that would have broken a previous release.
    @Test func theRuleWouldHaveMarkedTheContractionsMadeBeforeTheFirstRelease() {
        var found: [String] = []
        for migrator in Self.migrators {
            for migration in migrator.migrations where migration.statements.contains(where: { SchemaChange.contractingReason(of: $0) != nil }) {
                found.append("\(migrator.schema) \(migration.version)")
            }
        }
        #expect(found == Self.contractionsBeforeTheFirstRelease, "\(found)")
        let marked = Migration(9, "DropOld", contractingWhatIsLastReadIn: "0.1.0", ["DROP TABLE a.old"])
        let unmarked = Migration(9, "DropOld", ["DROP TABLE a.old"])
        #expect(Self.problems(marked, releases: ["0.1.0", "0.2.0"], newest: "0.2.0").isEmpty)
        #expect(Self.problems(unmarked, releases: ["0.1.0", "0.2.0"], newest: "0.2.0") == ["drops a table, unmarked"])
        #expect(Self.problems(marked, releases: ["0.1.0"], newest: "0.1.0") == ["0.1.0 is the newest release, which may still be serving beside it"])
        let unknown = Migration(9, "DropOld", contractingWhatIsLastReadIn: "0.0.9", ["DROP TABLE a.old"])
        #expect(Self.problems(unknown, releases: ["0.1.0", "0.2.0"], newest: "0.2.0") == ["0.0.9 is not a release"])
    }

    /// A dropped outbox column, a story-views table and a search column; columns made NOT NULL after a
    /// backfill; an itinerary item's place-or-title rule and a place's idempotency key.
    static let contractionsBeforeTheFirstRelease = ["accounts 2", "events 2", "feed 6", "feed 7", "trips 9", "trips 18", "trips 20"]

    /// What is wrong with an unreleased migration, given the releases recorded (oldest first).
    static func problems(_ migration: Migration, releases: [String], newest: String) -> [String] {
        let reasons = migration.statements.compactMap { SchemaChange.contractingReason(of: $0) }
        switch migration.change {
        case .expand:
            return reasons.map { "\($0), unmarked" }
        case .contract(let lastReadIn):
            if !releases.contains(lastReadIn) { return ["\(lastReadIn) is not a release"] }
            if lastReadIn == newest { return ["\(lastReadIn) is the newest release, which may still be serving beside it"] }
            return []
        }
    }
}
