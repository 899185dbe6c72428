import ArgumentParser
import Foundation

extension Roam {
    struct Keys: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Rotate accounts' signing key with an overlap, in its key file.",
            discussion: """
                prepare adds a published key, promote makes it sign, retire drops the keys no longer signing once \
                their tokens have expired, show lists them. Restart accounts after each step (README, Security).
                """)

        enum Step: String, ExpressibleByArgument, CaseIterable {
            case prepare, promote, retire, show
        }

        @Argument(help: "prepare, promote, retire or show.")
        var step: Step

        @Argument(help: "The key file (default: ACCOUNTS_SIGNING_KEY_FILE, else .roam/accounts-signing-key).")
        var file: String?

        func run() throws {
            let file = file ?? Roam.environment["ACCOUNTS_SIGNING_KEY_FILE"] ?? ".roam/accounts-signing-key"
            do {
                print(try KeysCommand.run(step.rawValue, file: file))
            } catch {
                Roam.fail("keys \(step.rawValue) failed: \(error)")
            }
        }
    }
}
