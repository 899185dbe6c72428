import Foundation
import Testing

@testable import Gateway

/// The contract lists every reason a problem can carry (`Problem.reason`'s `x-reasons`), and RoamClient
/// has each as a constant (`ProblemReason`, generated from it).
@Suite struct ProblemReasonsTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static var listed: Set<String> {
        guard case .array(let reasons)? = GatewayOpenAPI.document["components"]?["schemas"]?["Problem"]?["properties"]?["reason"]?["x-reasons"]
        else { return [] }
        return Set(reasons.compactMap { if case .string(let reason) = $0 { reason } else { nil } })
    }

    /// Every `reason: "…"` written in a service, the shared code or the gateway, and every name of the
    /// shared `ErrorReason` enum.
    static func given() throws -> Set<String> {
        var found: Set<String> = []
        let literal = try Regex(#"reason: "([A-Z][A-Z0-9_]+)""#)
        for folder in ["Services", "Shared", "Gateway/Library"] {
            let base = root.appending(path: folder)
            for file in try FileManager.default.subpathsOfDirectory(atPath: base.path)
            where file.hasSuffix(".swift") && !file.contains("/Generated/") && !file.hasPrefix("RoamProto/") {
                let source = try String(contentsOf: base.appending(path: file), encoding: .utf8)
                for match in source.matches(of: literal) { found.insert(String(source[match.output[1].range!])) }
            }
        }
        let proto = try String(contentsOf: root.appending(path: "proto/roam/common/v1/error_reason.proto"), encoding: .utf8)
        for match in proto.matches(of: try Regex(#"(?m)^\s+([A-Z][A-Z0-9_]+) = \d+;"#)) {
            found.insert(String(proto[match.output[1].range!]))
        }
        found.remove("ERROR_REASON_UNSPECIFIED")
        return found
    }

    @Test func theContractListsEveryReasonGivenAndNoOther() throws {
        let given = try Self.given()
        #expect(given.count > 80, "the scan found \(given.count)")
        #expect(given.subtracting(Self.listed).isEmpty, "given but not in x-reasons: \(given.subtracting(Self.listed).sorted())")
        #expect(Self.listed.subtracting(given).isEmpty, "in x-reasons but never given: \(Self.listed.subtracting(given).sorted())")
    }
}
