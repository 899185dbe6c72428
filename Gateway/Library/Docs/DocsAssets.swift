import Foundation
import Logging
import NIOCore

/// The vendored Swagger UI's files (`Docs/SwaggerUI`, a resource bundle beside the gateway's
/// executable), read once. Looked for by hand rather than through `Bundle.module`, which stops the
/// process when the bundle is missing: an image built without it still serves the API, and `/docs`
/// says what is missing.
struct DocsAssets: Sendable {
    static let version = "5.33.1"
    static let bundleName = "Roam_Gateway.resources"

    var script: ByteBuffer
    var stylesheet: ByteBuffer
    var licence: ByteBuffer

    static let shared: DocsAssets? = load()

    static func load() -> DocsAssets? {
        for folder in candidateFolders() {
            let directory = folder.appendingPathComponent(bundleName).appendingPathComponent("SwaggerUI")
            guard let script = try? Data(contentsOf: directory.appendingPathComponent("swagger-ui-bundle.js")),
                let stylesheet = try? Data(contentsOf: directory.appendingPathComponent("swagger-ui.css")),
                let licence = try? Data(contentsOf: directory.appendingPathComponent("LICENSE"))
            else { continue }
            return DocsAssets(script: ByteBuffer(bytes: script), stylesheet: ByteBuffer(bytes: stylesheet), licence: ByteBuffer(bytes: licence))
        }
        Logger(label: "roam-gateway").warning(
            "the API reference's files were not found beside the executable; /docs will say so", metadata: ["bundle": "\(bundleName)"])
        return nil
    }

    /// Where SwiftPM puts a target's resource bundle: beside the executable (a symlink's target too),
    /// and the main bundle's folder (the test runner's).
    static func candidateFolders() -> [URL] {
        var folders: [URL] = []
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        folders.append(executable.deletingLastPathComponent())
        folders.append(Bundle.main.bundleURL)
        if let argument = CommandLine.arguments.first {
            folders.append(URL(fileURLWithPath: argument).resolvingSymlinksInPath().deletingLastPathComponent())
        }
        return folders
    }
}
