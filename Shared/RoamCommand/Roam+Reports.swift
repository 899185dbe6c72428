import ArgumentParser
import Foundation
import GRPCCore
import RoamRuntime

extension Roam {
    struct Reports: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "The reports queue: list cases, show one, resolve it; take content down or restore it.",
            discussion: """
                Asks moderation at MODERATION_ADDRESS with ROAM_SERVICE_SECRET, as the console does. Reports of one thing by many \
                people are one case. Resolving takes the content down, suspends its author, both, or dismisses the case; each \
                action is recorded in the audit log under the operator's name (--as, else ROAM_OPERATOR, else $USER).
                """,
            subcommands: [List.self, Show.self, Resolve.self, TakeDown.self, Restore.self])

        static func perform(_ actor: String? = nil, _ body: (ReportsCommand) async throws -> String) async {
            do {
                print(try await body(ReportsCommand(environment: Roam.environment, actor: actor)))
            } catch let error as RPCError where error.code == .notFound {
                Roam.fail("reports: not found: \(error.message)")
            } catch let error as RPCError {
                Roam.fail("reports: \(error.code): \(error.message)")
            } catch {
                Roam.fail("reports failed: \(error)")
            }
        }

        static let kinds = ["user", "post", "comment", "activity", "list", "item", "walk", "event", "photo"]

        struct List: AsyncParsableCommand {
            static let configuration = CommandConfiguration(abstract: "Cases, open first and oldest first.")
            @Option(help: "Only open or resolved cases.")
            var status: String?
            @Option(help: "Only cases about one kind: user, post, comment, activity, list, item, walk, event, photo.")
            var kind: String?
            @Option(help: "How many cases to list (1–100).")
            var limit: Int = 20

            func validate() throws {
                if let status, !["open", "resolved"].contains(status) { throw ValidationError("--status must be open or resolved, not '\(status)'") }
                if let kind, !Reports.kinds.contains(kind) {
                    throw ValidationError("--kind must be one of \(Reports.kinds.joined(separator: ", ")), not '\(kind)'")
                }
                guard (1...100).contains(limit) else { throw ValidationError("--limit must be between 1 and 100") }
            }

            func run() async { await Reports.perform { try await $0.list(status: status, kind: kind, limit: limit) } }
        }

        struct Show: AsyncParsableCommand {
            static let configuration = CommandConfiguration(abstract: "One case: the content as reported, every report, and what became of it.")
            @Argument(help: "The case's id.")
            var caseID: String

            func validate() throws { try Reports.check(caseID: caseID) }
            func run() async { await Reports.perform { try await $0.show(caseID) } }
        }

        struct Resolve: AsyncParsableCommand {
            static let configuration = CommandConfiguration(abstract: "Dismiss a case, take its content down, suspend its author, or both.")
            @Argument(help: "The case's id.")
            var caseID: String
            @Argument(help: "dismiss, take_down, suspend or take_down_and_suspend.")
            var action: String
            @Option(help: "Why; the author is told. Required unless dismissing.")
            var note: String = ""
            @Option(name: .customLong("for"), help: "For a suspension: how long (30m, 12h, 7d, 2w). Without it: until lifted.")
            var duration: String?
            @OptionGroup var actor: Users.Operator

            func validate() throws {
                try Reports.check(caseID: caseID)
                let actions = ["dismiss", "take_down", "suspend", "take_down_and_suspend"]
                guard actions.contains(action) else {
                    throw ValidationError("<action> must be one of \(actions.joined(separator: ", ")), not '\(action)'")
                }
                if action != "dismiss", note.trimmingCharacters(in: .whitespaces).isEmpty {
                    throw ValidationError("--note is required to take down or suspend (the author is told)")
                }
                if let duration, SuspensionLength.seconds(duration) == nil {
                    throw ValidationError("--for must be a number with m, h, d or w (30m, 12h, 7d, 2w), not '\(duration)'")
                }
            }

            func run() async {
                let until = duration.flatMap(SuspensionLength.seconds).map { Date().addingTimeInterval($0) }
                await Reports.perform(actor.name) { try await $0.resolve(caseID, action: action, note: note, until: until) }
            }
        }

        struct TakeDown: AsyncParsableCommand {
            static let configuration = CommandConfiguration(
                commandName: "take-down", abstract: "Take a piece of content down, reported or not: 404 to all but its author, who sees why.")
            @Argument(help: "post, comment, activity, list, item, walk, event or photo.")
            var kind: String
            @Argument(help: "The content's id.")
            var id: String
            @Option(help: "Why; the author is told.")
            var reason: String
            @OptionGroup var actor: Users.Operator

            func validate() throws {
                try Reports.check(kind: kind, id: id)
                if reason.trimmingCharacters(in: .whitespaces).isEmpty { throw ValidationError("--reason must not be empty (the author is told)") }
            }

            func run() async { await Reports.perform(actor.name) { try await $0.takeDown(kind: kind, id: id, reason: reason) } }
        }

        struct Restore: AsyncParsableCommand {
            static let configuration = CommandConfiguration(abstract: "Put taken-down content back.")
            @Argument(help: "post, comment, activity, list, item, walk, event or photo.")
            var kind: String
            @Argument(help: "The content's id.")
            var id: String
            @OptionGroup var actor: Users.Operator

            func validate() throws { try Reports.check(kind: kind, id: id) }
            func run() async { await Reports.perform(actor.name) { try await $0.restore(kind: kind, id: id) } }
        }

        static func check(kind: String, id: String) throws {
            let contentKinds = kinds.filter { $0 != "user" }
            guard contentKinds.contains(kind) else {
                throw ValidationError(
                    "<kind> must be one of \(contentKinds.joined(separator: ", ")), not '\(kind)' (suspend a user with roam users suspend)")
            }
            guard UUID(uuidString: id) != nil else { throw ValidationError("<id> must be the content's id (a UUID), not '\(id)'") }
        }

        static func check(caseID: String) throws {
            guard UUID(uuidString: caseID) != nil else { throw ValidationError("<case-id> must be a case's id (a UUID), not '\(caseID)'") }
        }
    }

    struct Audit: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Every moderator action, newest first: who, what, on what, when and why.",
            discussion: "Asks moderation at MODERATION_ADDRESS with ROAM_SERVICE_SECRET. Entries are kept AUDIT_RETENTION (a year by default).")
        @Option(help: "Only one actor's actions (user:<id> or operator:<name>).")
        var actor: String?
        @Option(help: "Only actions on one kind of subject.")
        var kind: String?
        @Option(help: "Only actions on one subject (its id).")
        var subject: String?
        @Option(help: "How many entries to list (1–100).")
        var limit: Int = 20

        func validate() throws {
            if let kind, !Reports.kinds.contains(kind) {
                throw ValidationError("--kind must be one of \(Reports.kinds.joined(separator: ", ")), not '\(kind)'")
            }
            if let subject, UUID(uuidString: subject) == nil { throw ValidationError("--subject must be an id (a UUID), not '\(subject)'") }
            guard (1...100).contains(limit) else { throw ValidationError("--limit must be between 1 and 100") }
        }

        func run() async {
            await Reports.perform { try await $0.audit(actor: actor, kind: kind, subject: subject, limit: limit) }
        }
    }
}
