import ArgumentParser
import Foundation

extension Roam {
    struct Up: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Build and run the whole stack locally, PostgreSQL included; Ctrl-C stops it all.",
            discussion: "Run it in the Roam project folder (swift run roam up). README.md says what it starts and where.")

        func run() async throws {
            let project = FileManager.default.currentDirectoryPath
            guard FileManager.default.fileExists(atPath: "\(project)/Package.swift") else {
                Roam.fail("run `swift run roam up` in the Roam project folder")
            }
            let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
            let console = Console(names: StackPlan.services.map(\.name) + ["gateway"])
            do {
                let status = try await UpCommand(
                    projectDirectory: project, binDirectory: (executable as NSString).deletingLastPathComponent,
                    // As it is: each process it starts reads its own secrets' files.
                    environment: ProcessInfo.processInfo.environment, console: console
                ).run()
                throw ExitCode(status)
            } catch let exit as ExitCode {
                throw exit
            } catch {
                Roam.fail("\(error)")
            }
        }
    }
}
