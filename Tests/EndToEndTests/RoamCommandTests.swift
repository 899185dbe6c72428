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
        ["reports", "show"], ["reports", "resolve"], ["audit"],
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
        for name in ["up", "provision", "health", "places", "rates", "keys", "purges", "mail", "users", "reports", "audit"] {
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
}
