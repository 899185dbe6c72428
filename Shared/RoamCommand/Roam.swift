import ArgumentParser
import Foundation
import RoamRuntime

/// `roam`: the developer's and operator's command. Each subcommand has `--help`; a wrong argument is
/// refused naming it (exit 64), a failure says what failed (exit 2).
@main
struct Roam: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "roam",
        abstract:
            "Run Roam locally, provision its database, list its migrations, check health, import data, rotate keys, and manage accounts, reports and the audit log.",
        version: RoamVersion.current,
        subcommands: [
            Up.self, Provision.self, Migrations.self, Backup.self, Restore.self, Health.self, Places.self, Rates.self, Keys.self, Purges.self,
            Mail.self, Users.self,
            Reports.self, Audit.self,
        ])

    /// The process's environment, secrets given as files (`NAME_FILE`) read in: where every subcommand
    /// finds its addresses and secrets.
    static var environment: [String: String] { Environment.process.values }

    /// Says what failed and exits 2: the run went wrong, not its arguments.
    static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("roam: \(message)\n".utf8))
        Foundation.exit(2)
    }
}
