import Foundation
import RoamTesting
import Testing

/// The `roam` command as an operator meets it: help for every subcommand without running it, and a
/// wrong argument refused naming that argument (exit 64, the usage error) before anything is done.
@Suite struct RoamCommandTests {
    static let subcommands = [
        ["up"], ["provision"], ["health"], ["places", "import"], ["rates", "import"], ["keys"], ["purges"], ["mail"], ["users"], ["users", "find"],
        ["users", "show"],
        ["users", "suspend"], ["users", "unsuspend"], ["users", "grant"], ["users", "revoke"],
    ]

    @Test(arguments: subcommands)
    func everySubcommandHasHelpAndRunsNothing(_ subcommand: [String]) async throws {
        let run = try await runRoam(subcommand + ["--help"], environment: [:])
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.contains("USAGE: roam \(subcommand.joined(separator: " "))"), "\(run.output)")
        // `roam up --help` once started the whole stack; help says what it would do instead.
        #expect(!run.output.contains("PostgreSQL started") && !run.output.contains("building"), "\(run.output)")
    }

    @Test func theCommandListsItsSubcommands() async throws {
        let run = try await runRoam(["--help"], environment: [:])
        #expect(run.status == 0)
        for name in ["up", "provision", "health", "places", "rates", "keys", "purges", "mail", "users"] {
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
