// The dependency versions CI tested, kept in compose/resolved-versions.txt because Package.resolved
// cannot be committed (the package mirror's commit ids are not upstream's). The image build runs this
// after `swift package resolve` and stops when it resolved anything else; CI runs it after its build.
//
//   swift scripts/check-resolved-versions.swift            compare Package.resolved with the list
//   swift scripts/check-resolved-versions.swift --write    write the list from Package.resolved
import Foundation

struct Resolved: Decodable {
    struct Pin: Decodable {
        struct State: Decodable {
            var version: String?
            var branch: String?
        }

        var identity: String
        var state: State
    }

    var pins: [Pin]
}

let listPath = "compose/resolved-versions.txt"
let header = """
    # The version of every Swift package CI built and tested, from its Package.resolved. The image build
    # refuses a different one (scripts/check-resolved-versions.swift); after changing a dependency, run
    # `swift scripts/check-resolved-versions.swift --write` and commit this file with the change.

    """

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("check-resolved-versions: \(message)\n".utf8))
    exit(1)
}

guard let data = FileManager.default.contents(atPath: "Package.resolved"),
    let resolved = try? JSONDecoder().decode(Resolved.self, from: data)
else { fail("no readable Package.resolved here (run swift package resolve first)") }
let resolvedVersions = Dictionary(
    uniqueKeysWithValues: resolved.pins.map { pin in
        (pin.identity, pin.state.version ?? pin.state.branch.map { "branch:\($0)" } ?? "unversioned")
    })

if CommandLine.arguments.dropFirst().first == "--write" {
    let lines = resolvedVersions.keys.sorted().map { "\($0) \(resolvedVersions[$0]!)" }
    try! (header + lines.joined(separator: "\n") + "\n").write(toFile: listPath, atomically: true, encoding: .utf8)
    print("wrote \(lines.count) versions to \(listPath)")
    exit(0)
}

guard let list = try? String(contentsOfFile: listPath, encoding: .utf8) else { fail("\(listPath) is missing") }
var tested: [String: String] = [:]
for line in list.split(separator: "\n") where !line.hasPrefix("#") {
    let parts = line.split(separator: " ")
    guard parts.count == 2 else { fail("\(listPath): cannot read '\(line)'") }
    tested[String(parts[0])] = String(parts[1])
}
var differences: [String] = []
for identity in Set(tested.keys).union(resolvedVersions.keys).sorted() where tested[identity] != resolvedVersions[identity] {
    differences.append("  \(identity): tested \(tested[identity] ?? "(none)"), resolved \(resolvedVersions[identity] ?? "(none)")")
}
guard differences.isEmpty else {
    fail("Package.resolved differs from the versions CI tested (\(listPath)):\n\(differences.joined(separator: "\n"))")
}
print("every one of \(tested.count) packages resolved to the version CI tested")
