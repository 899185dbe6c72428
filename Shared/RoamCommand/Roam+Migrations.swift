import ArgumentParser
import Foundation

extension Roam {
    struct Migrations: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Each service's applied and pending schema migrations.",
            discussion: """
                Reads DATABASE_URL (an administrator's connection) and asks each service's executable beside roam \
                which migrations its release has. Pending ones run when that release's service starts; a migration \
                marked contract drops what an older release read (see CHANGELOG.md). Changes nothing.
                """)

        @Flag(help: "List applied migrations too, with when each ran.")
        var all = false

        @Flag(help: "Print JSON (schema, applied, pending, unknown).")
        var json = false

        func run() async throws {
            guard let url = Roam.environment["DATABASE_URL"], !url.isEmpty else { Roam.fail("set DATABASE_URL to an administrator's connection") }
            let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
            do {
                let command = MigrationsCommand(binDirectory: (executable as NSString).deletingLastPathComponent, databaseURL: url)
                print(try await command.run(all: all, json: json))
            } catch {
                Roam.fail("migrations: \(error)")
            }
        }
    }
}
