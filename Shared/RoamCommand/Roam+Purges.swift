import ArgumentParser
import Foundation
import GRPCCore

extension Roam {
    struct Purges: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Which services have forgotten a deleted account, and when.",
            discussion: """
                Asks accounts at ACCOUNTS_ADDRESS with ROAM_SERVICE_SECRET. Without a USER_ID: the last 20 deletions. \
                A service still being asked says `not yet`; records are kept 90 days.
                """)

        @Argument(help: "The deleted account's id (a UUID).")
        var userID: String?

        func validate() throws {
            if let userID, UUID(uuidString: userID) == nil {
                throw ValidationError("<user-id> must be an account's id (a UUID), not '\(userID)'")
            }
        }

        func run() async throws {
            do {
                print(try await PurgesCommand.run(userID: userID, environment: Roam.environment))
            } catch let error as RPCError {
                Roam.fail("purges: accounts answered \(error.code): \(error.message)")
            } catch {
                Roam.fail("purges failed: \(error)")
            }
        }
    }
}
