import Foundation
import RoamRuntime

/// What a release shipped, as `scripts/release.py` records it in `deploy/releases/<version>.json`:
/// each schema's migrations with their checksums.
struct ReleaseRecord: Codable {
    var version: String
    var schemas: [MigrationListing]

    /// Every record, oldest release first.
    static func all(in root: URL) throws -> [ReleaseRecord] {
        let folder = root.appendingPathComponent("deploy/releases")
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return try files.filter { $0.hasSuffix(".json") }
            .map { try JSONDecoder().decode(ReleaseRecord.self, from: Data(contentsOf: folder.appendingPathComponent($0))) }
            .sorted { isOlder($0.version, than: $1.version) }
    }

    /// Semantic versions' order by their numbers (a release has no pre-release part).
    static func isOlder(_ version: String, than other: String) -> Bool {
        let numbers = { (text: String) in text.split(separator: ".").map { Int($0) ?? 0 } }
        return numbers(version).lexicographicallyPrecedes(numbers(other))
    }
}
