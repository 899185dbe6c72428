import ArgumentParser
import Foundation
import GRPCCore
import RoamRuntime

extension Roam {
    struct Users: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Find an account, look at it, suspend it, lift a suspension, grant or take a role.",
            discussion: """
                Asks accounts at ACCOUNTS_ADDRESS (find, show) and moderation at MODERATION_ADDRESS (the rest, each recorded in \
                the audit log) with ROAM_SERVICE_SECRET, as the console does for moderators. A <user> is an account's id, address \
                or username (with or without @). The first admin is made with `roam users grant <user> admin`; \
                roles are never granted through the public API. Changes name the operator (--as, else ROAM_OPERATOR, else $USER).
                """,
            subcommands: [Find.self, Show.self, Suspend.self, Unsuspend.self, Grant.self, Revoke.self])

        struct Operator: ParsableArguments {
            @Option(name: .customLong("as"), help: "Who is acting, as the audit log names them (default: ROAM_OPERATOR or $USER).")
            var name: String?
        }

        /// Runs `body` and prints what it returns; a service's refusal exits 2 with its message.
        static func perform(_ actor: String? = nil, _ body: (UsersCommand) async throws -> String) async {
            do {
                print(try await body(UsersCommand(environment: Roam.environment, actor: actor)))
            } catch let error as RPCError where error.code == .notFound {
                Roam.fail("users: no such account")
            } catch let error as RPCError {
                Roam.fail("users: \(error.code): \(error.message)")
            } catch {
                Roam.fail("users failed: \(error)")
            }
        }

        struct Find: AsyncParsableCommand {
            static let configuration = CommandConfiguration(
                abstract: "Accounts whose username, display name or address starts with the query (an id finds its account).")
            @Argument(help: "The start of a username, display name or address, or an account's id.")
            var query: String
            @Option(help: "How many accounts to list (1–100).")
            var limit: Int = 20

            func validate() throws {
                guard !query.trimmingCharacters(in: .whitespaces).isEmpty else { throw ValidationError("<query> must not be empty") }
                guard (1...100).contains(limit) else { throw ValidationError("--limit must be between 1 and 100") }
            }

            func run() async { await Users.perform { try await $0.find(query, limit: limit) } }
        }

        struct Show: AsyncParsableCommand {
            static let configuration = CommandConfiguration(abstract: "One account: its profile, roles, state and live sessions.")
            @Argument(help: "The account's id, address or username.")
            var user: String

            func run() async { await Users.perform { try await $0.show(user) } }
        }

        struct Suspend: AsyncParsableCommand {
            static let configuration = CommandConfiguration(
                abstract: "End the account's sessions at once and refuse its sign-in until a time or until lifted; its owner is mailed.")
            @Argument(help: "The account's id, address or username.")
            var user: String
            @Option(help: "Why (up to 500 characters); the account's owner is told.")
            var reason: String
            @Option(name: .customLong("for"), help: "How long: 30m, 12h, 7d or 2w. Without --for or --until: until lifted.")
            var duration: String?
            @Option(help: "Until when (RFC 3339, e.g. 2026-12-24T18:00:00Z).")
            var until: String?
            @OptionGroup var actor: Operator

            func validate() throws {
                if duration != nil, until != nil { throw ValidationError("give --for or --until, not both") }
                if let duration, SuspensionLength.seconds(duration) == nil {
                    throw ValidationError("--for must be a number with m, h, d or w (30m, 12h, 7d, 2w), not '\(duration)'")
                }
                if let until, RFC3339.date(until) == nil { throw ValidationError("--until must be an RFC 3339 time, not '\(until)'") }
                guard !reason.trimmingCharacters(in: .whitespaces).isEmpty else { throw ValidationError("--reason must not be empty") }
            }

            func run() async {
                let end = until.flatMap { RFC3339.date($0) } ?? duration.flatMap(SuspensionLength.seconds).map { Date().addingTimeInterval($0) }
                await Users.perform(actor.name) { try await $0.suspend(user, until: end, reason: reason) }
            }
        }

        struct Unsuspend: AsyncParsableCommand {
            static let configuration = CommandConfiguration(abstract: "Lift the account's suspension; its owner is mailed.")
            @Argument(help: "The account's id, address or username.")
            var user: String
            @OptionGroup var actor: Operator

            func run() async { await Users.perform(actor.name) { try await $0.unsuspend(user) } }
        }

        struct Grant: AsyncParsableCommand {
            static let configuration = CommandConfiguration(
                abstract: "Give the account a role: moderator (reports, takedowns, suspensions) or admin (also the audit log).")
            @Argument(help: "The account's id, address or username.")
            var user: String
            @Argument(help: "moderator or admin.")
            var role: String
            @OptionGroup var actor: Operator

            func validate() throws { try Users.check(role: role) }
            func run() async { await Users.perform(actor.name) { try await $0.setRole(role, granted: true, on: user) } }
        }

        struct Revoke: AsyncParsableCommand {
            static let configuration = CommandConfiguration(
                abstract: "Take a role away; the account's sessions end, so no access token keeps it.")
            @Argument(help: "The account's id, address or username.")
            var user: String
            @Argument(help: "moderator or admin.")
            var role: String
            @OptionGroup var actor: Operator

            func validate() throws { try Users.check(role: role) }
            func run() async { await Users.perform(actor.name) { try await $0.setRole(role, granted: false, on: user) } }
        }

        static func check(role: String) throws {
            guard ["moderator", "admin"].contains(role) else { throw ValidationError("<role> must be moderator or admin, not '\(role)'") }
        }
    }
}
