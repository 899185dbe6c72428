import Foundation
import RoamRuntime
import RoamTesting
import Testing

/// The `roam` command as an operator meets it: help for every subcommand without running it, and a
/// wrong argument refused naming that argument (exit 64, the usage error) before anything is done.
@Suite struct RoamCommandTests {
    static let subcommands = [
        ["up"], ["provision"], ["health"], ["places", "import"], ["rates", "import"], ["keys"], ["purges"], ["mail"], ["users"], ["users", "find"],
        ["users", "show"],
        ["users", "suspend"], ["users", "unsuspend"], ["users", "grant"], ["users", "revoke"], ["reports"], ["reports", "list"],
        ["reports", "show"], ["reports", "resolve"], ["audit"], ["migrations"], ["backup"], ["restore"],
    ]

    @Test(arguments: subcommands)
    func everySubcommandHasHelpAndRunsNothing(_ subcommand: [String]) async throws {
        let run = try await runRoam(subcommand + ["--help"], environment: [:])
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.contains("USAGE: roam \(subcommand.joined(separator: " "))"), "\(run.output)")
        // `roam up --help` once started the whole stack; help says what it would do instead.
        #expect(!run.output.contains("PostgreSQL started") && !run.output.contains("building"), "\(run.output)")
    }

    @Test func theCommandSaysWhichReleaseItIs() async throws {
        let run = try await runRoam(["--version"], environment: [:])
        #expect(run.status == 0 && run.output.trimmingCharacters(in: .whitespacesAndNewlines) == RoamVersion.current, "\(run.output)")
        #expect(RoamVersion.current.firstMatch(of: /^\d+\.\d+\.\d+(-[0-9A-Za-z.]+)?$/) != nil, "a semantic version")
    }

    @Test func theCommandListsItsSubcommands() async throws {
        let run = try await runRoam(["--help"], environment: [:])
        #expect(run.status == 0)
        for name in [
            "up", "provision", "migrations", "backup", "restore", "health", "places", "rates", "keys", "purges", "mail", "users", "reports", "audit",
        ] {
            #expect(run.output.contains("  \(name) "), "--help does not list \(name): \(run.output)")
        }
    }

    @Test(arguments: [
        (["health", "nowhere"], "<target>"),
        (["health", "http://127.0.0.1:1/readyz", "roam.accounts.v1.AccountsService"], "<service>"),
        (["purges", "gone"], "<user-id>"),
        (["mail", "--status", "lost"], "--status"),
        (["mail", "--limit", "0"], "--limit"),
        (["keys", "rotate"], "<step>"),
        (["places", "import"], "<file>"),
        (["launch"], "launch"),
        (["users", "find", "a", "--limit", "500"], "--limit"),
        (["users", "suspend", "ana", "--reason", "spam", "--until", "tomorrow"], "--until"),
        (["users", "suspend", "ana", "--reason", "spam", "--for", "1h", "--until", "2030-01-01T00:00:00Z"], "--for or --until"),
        (["users", "revoke", "ana", "root"], "<role>"),
        (["reports", "list", "--status", "closed"], "--status"),
        (["reports", "show", "12"], "<case-id>"),
        (["reports", "resolve", "0195f4a4-0000-7000-8000-000000000000", "ban"], "<action>"),
        (["reports", "resolve", "0195f4a4-0000-7000-8000-000000000000", "take_down"], "--note"),
        (["audit", "--kind", "planet"], "--kind"),
    ])
    func aWrongArgumentIsRefusedByName(_ arguments: [String], named: String) async throws {
        let run = try await runRoam(arguments, environment: [:])
        #expect(run.status == 64, "\(arguments): \(run.output)")
        #expect(run.output.contains(named), "\(arguments) should name \(named): \(run.output)")
    }

    @Test func healthExitsOneWhenNothingAnswers() async throws {
        let refused = try await runRoam(["health", "127.0.0.1:1"], environment: [:])
        #expect(refused.status == 1, "\(refused.output)")
    }

    /// Each service's executable says which migrations its release has, as its migrator holds them.
    @Test func eachServiceListsItsMigrations() async throws {
        for service in ["accounts", "bucketlists", "budget", "events", "feed", "media", "moderation", "notifications", "trips"] {
            let run = try await RoamTesting.run("roam-\(service)", ["--migrations"], environment: [:])
            let listing = try JSONDecoder().decode(MigrationListing.self, from: Data(run.output.utf8))
            #expect(run.status == 0 && listing.schema == service && !listing.migrations.isEmpty, "\(run.output)")
            #expect(listing.migrations.map(\.version) == Array(1...listing.migrations.count), "\(service): versions in order, none missing")
        }
    }

    /// Against a database: what ran, what this release would run, and what only a newer release knows.
    @Test func migrationsSaysWhatIsAppliedPendingAndUnknown() async throws {
        let url = try await TestDatabase.freshDatabase()
        let budget = try JSONDecoder().decode(
            MigrationListing.self, from: Data(try await RoamTesting.run("roam-budget", ["--migrations"], environment: [:]).output.utf8))
        let fresh = try await runRoam(["migrations"], environment: ["DATABASE_URL": url])
        #expect(fresh.status == 0, "\(fresh.output)")
        #expect(fresh.output.contains("budget: 0 applied, \(budget.migrations.count) pending"), "\(fresh.output)")
        #expect(fresh.output.contains("  1 \(budget.migrations[0].name): pending (expand)"), "\(fresh.output)")

        try await Database.withClient(url: url, maxConnections: 1) { client in
            try await Migrator(schema: "budget", migrations: []).migrate(client, logger: .init(label: "test"))
            try await client.query(
                "INSERT INTO budget.schema_migrations (version, name) VALUES (1, \(budget.migrations[0].name)), (999, 'FromANewerRelease')")
        }
        let json = try await runRoam(["migrations", "--json"], environment: ["DATABASE_URL": url])
        #expect(json.status == 0, "\(json.output)")
        let parsed = try? JSONSerialization.jsonObject(with: Data(json.output.utf8))
        let states = try #require(parsed as? [[String: Any]], "not a JSON list: \(json.output)")
        let state = try #require(states.first { $0["schema"] as? String == "budget" })
        #expect((state["applied"] as? [[String: Any]])?.compactMap { $0["version"] as? Int } == [1])
        #expect((state["pending"] as? [[String: Any]])?.compactMap { $0["version"] as? Int } == Array(2...budget.migrations.count))
        #expect((state["unknown"] as? [[String: Any]])?.compactMap { $0["name"] as? String } == ["FromANewerRelease"])
        let text = try await runRoam(["migrations", "--all"], environment: ["DATABASE_URL": url])
        #expect(text.output.contains("budget: 1 applied, \(budget.migrations.count - 1) pending, 1 unknown to this release"), "\(text.output)")
        #expect(text.output.contains("  999 FromANewerRelease: applied "), "\(text.output)")

        let nowhere = try await runRoam(["migrations"], environment: ["DATABASE_URL": ""])
        #expect(nowhere.status == 2 && nowhere.output.contains("DATABASE_URL"), "\(nowhere.output)")
    }

    /// A backup goes into a new folder, and a restore reads only a folder a backup made: both say so
    /// before they touch a database.
    @Test func backupAndRestoreRefuseTheWrongFolder() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("roam-backup-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("x".utf8).write(to: folder.appendingPathComponent("something"))
        let nowhere = ["DATABASE_URL": "postgres://roam@127.0.0.1:1/roam?sslmode=disable"]

        let backup = try await runRoam(["backup", folder.path], environment: nowhere)
        #expect(backup.status == 2 && backup.output.contains("is not empty"), "\(backup.output)")
        let restore = try await runRoam(["restore", folder.path], environment: nowhere)
        #expect(restore.status == 2 && restore.output.contains("manifest.json"), "\(restore.output)")
        let unset = try await runRoam(["backup", folder.path], environment: ["DATABASE_URL": ""])
        #expect(unset.status == 2 && unset.output.contains("DATABASE_URL"), "\(unset.output)")
        let missing = try await runRoam(["restore"], environment: nowhere)
        #expect(missing.status == 64 && missing.output.contains("<folder>"), "\(missing.output)")
    }

    /// A service that cannot start (its port is taken) says why in one line and exits 1, rather than
    /// crashing with a backtrace an operator must read through.
    @Test func aServiceThatCannotStartSaysWhyInOneLine() async throws {
        let taken = try PortHolder()
        let second = try await RoamTesting.run(
            "roam-budget", [], environment: ["ROAM_IN_MEMORY": "true", "GRPC_PORT": "\(taken.port)", "METRICS_PORT": "0"])
        #expect(second.status == 1, "\(second.output)")
        #expect(second.output.contains("roam-budget: stopped: ") && second.output.contains("Address already in use"), "\(second.output)")
        #expect(!second.output.contains("Backtracing"), "\(second.output)")
    }
}
