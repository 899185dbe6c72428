import ArgumentParser
import Foundation

extension Roam {
    struct Rates: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "The reference exchange rates the budget service converts expenses with.",
            subcommands: [Import.self])

        struct Import: AsyncParsableCommand {
            static let configuration = CommandConfiguration(
                abstract: "Load the European Central Bank's reference rates into budget.",
                discussion: """
                    eurofxref.csv (one day) or eurofxref-hist.csv (every day since 1999), sent to the budget service at \
                    BUDGET_ADDRESS with ROAM_SERVICE_SECRET; importing a day again replaces it.
                    """)

            @Argument(help: "The ECB's CSV file.")
            var file: String

            func run() async throws {
                do {
                    print(try await RatesImport.run(file: file, environment: Roam.environment))
                } catch {
                    Roam.fail("rates import failed: \(error)")
                }
            }
        }
    }
}
