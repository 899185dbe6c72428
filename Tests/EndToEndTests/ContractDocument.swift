import Foundation
import RoamTesting
import Testing

/// The gateway's contract as the rule suites read it, so an operation added to it is held to each rule.
enum ContractDocument {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `Gateway/openapi.yaml` as written.
    static func yaml() throws -> String {
        try String(contentsOf: root.appendingPathComponent("Gateway/openapi.yaml"), encoding: .utf8)
    }

    /// The `operationId` of every operation under `method` (`delete`, `patch`, …).
    static func operations(_ method: String) throws -> [String] {
        try yaml().components(separatedBy: "\n    \(method):\n").dropFirst().compactMap { block in
            block.split(separator: "\n").first { $0.hasPrefix("      operationId: ") }.map { String($0.dropFirst("      operationId: ".count)) }
        }
    }

    /// The contract as JSON, from the generated copy the gateway serves.
    static func json() throws -> [String: Any] {
        let generated = try String(contentsOf: root.appendingPathComponent("Gateway/Library/Generated/OpenAPIDocument.swift"), encoding: .utf8)
        let text = try #require(generated.components(separatedBy: "#\"\"\"\n").dropFirst().first?.components(separatedBy: "\n\"\"\"#").first)
        return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }
}

/// Runs `check` against a full stack of real processes and expects each to stop cleanly.
func onFullStack(_ check: @escaping @Sendable (HTTPTestClient) async throws -> Void, sourceLocation: SourceLocation = #_sourceLocation) async throws {
    let stops = try await FullStack.run { try await check($0.http) }
    #expect(stops.values.allSatisfy { $0 == "exited with status 0" }, "\(stops)", sourceLocation: sourceLocation)
}
