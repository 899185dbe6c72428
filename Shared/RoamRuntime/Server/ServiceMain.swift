import Foundation

/// What every service executable's `main.swift` does: `--migrations` prints the schema's migrations
/// as JSON and exits (for `roam migrations` and a release's record), without configuration or a
/// database; otherwise the service runs, its tasks on the executor `TASK_EXECUTOR` names. A
/// configuration error is said in one line (exit 2), and so is any other that stops it (exit 1: a port
/// in use, say), rather than as a crash with a backtrace.
public enum ServiceMain {
    public static func run(
        _ name: String, migrator: Migrator, arguments: [String] = CommandLine.arguments, start: () async throws -> Void
    ) async throws {
        if arguments.dropFirst().first == "--migrations" {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            print(String(decoding: try encoder.encode(MigrationListing(migrator)), as: UTF8.self))
            return
        }
        do {
            try TaskExecutorChoice(environment: .process).install(for: name)
            try await start()
        } catch let error as ConfigurationError {
            print("\(name): \(error)")
            exit(2)
        } catch {
            FileHandle.standardError.write(Data("\(name): stopped: \(error)\n".utf8))
            exit(1)
        }
    }
}
