import Foundation

/// Where a PostgreSQL client program is: `PG_BIN`, else the newest Debian install, else `/usr/bin`.
enum PostgresTool {
    static func path(of program: String) throws -> String {
        var folders: [String] = []
        if let configured = ProcessInfo.processInfo.environment["PG_BIN"], !configured.isEmpty { folders.append(configured) }
        folders += ["17", "16", "15"].map { "/usr/lib/postgresql/\($0)/bin" } + ["/usr/bin"]
        for folder in folders where FileManager.default.isExecutableFile(atPath: "\(folder)/\(program)") { return "\(folder)/\(program)" }
        throw RoamCommandError("\(program) is not installed (Debian: apt-get install postgresql-client-15, or set PG_BIN)")
    }
}
