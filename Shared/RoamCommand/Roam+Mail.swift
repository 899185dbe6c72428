import ArgumentParser
import Foundation
import GRPCCore

extension Roam {
    struct Mail: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "How many account mails wait, were sent and failed, and the latest of them.",
            discussion: """
                Asks accounts at ACCOUNTS_ADDRESS with ROAM_SERVICE_SECRET. A failed mail is one the server refused for good \
                (a 5xx), with its answer; a pending one is retried with growing pauses, and shows why it waits. \
                Never a mail's content. Sent and failed mails are kept 30 days.
                """)

        @Option(help: "Only mails that are pending, sent or failed.")
        var status: String?

        @Option(help: "How many of the latest mails to list (1–100).")
        var limit: Int = 20

        func validate() throws {
            if let status, !["pending", "sent", "failed"].contains(status) {
                throw ValidationError("--status must be pending, sent or failed, not '\(status)'")
            }
            guard (1...100).contains(limit) else { throw ValidationError("--limit must be between 1 and 100") }
        }

        func run() async throws {
            do {
                print(try await MailCommand.run(status: status, limit: limit, environment: Roam.environment))
            } catch let error as RPCError {
                Roam.fail("mail: accounts answered \(error.code): \(error.message)")
            } catch {
                Roam.fail("mail failed: \(error)")
            }
        }
    }
}
