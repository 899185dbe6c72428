import Foundation
import Testing

@testable import Gateway

/// Every member of a JSON request body reaches the handler of its operation: the handler (in
/// `Gateway/Library/<Domain>/GatewayAPI+*.swift`) reads `.member` for each property the contract gives
/// the body. A member added to the contract but not passed on to the service would be accepted from the
/// client and silently dropped; a member the gateway answers itself is read there too.
@Suite struct RequestBodyMembersTests {
    static let library = URL(filePath: #filePath).deletingLastPathComponent().appending(path: "../../Gateway/Library").standardized

    /// Each handler's text, from `func <operationId>(` to its closing brace, by operation id; and the
    /// text of each schema's own extensions (`body.proto()`), by schema.
    static func sources() throws -> (handlers: [String: Substring], extensions: [String: String]) {
        var found: [String: Substring] = [:], extensions: [String: String] = [:]
        let files = try FileManager.default.subpathsOfDirectory(atPath: library.path).filter { $0.hasSuffix(".swift") && !$0.hasPrefix("Generated/") }
        for file in files {
            let source = try String(contentsOf: library.appending(path: file), encoding: .utf8)
            for match in source.matches(of: #/\n    func (\w+)\(\s*_ input: Operations\./#) {
                let rest = source[match.range.upperBound...]
                let end = rest.range(of: "\n    }\n")?.upperBound ?? rest.endIndex
                found[String(match.output.1)] = rest[..<end]
            }
            for match in source.matches(of: #/\nextension Components\.Schemas\.(\w+) \{/#) {
                let rest = source[match.range.upperBound...]
                let end = rest.range(of: "\n}\n")?.upperBound ?? rest.endIndex
                extensions[String(match.output.1), default: ""] += rest[..<end]
            }
        }
        return (found, extensions)
    }

    @Test func everyBodyMemberIsReadByItsHandler() throws {
        let (handlers, extensions) = try Self.sources()
        var checked = 0
        for operation in GatewayOpenAPI.operations {
            guard case .string(let reference)? = operation.requestBodySchema?["$ref"] else { continue }
            let name = String(reference.split(separator: "/").last ?? "")
            guard case .object(let properties)? = GatewayOpenAPI.requestSchemas[name]?["properties"] else { continue }
            guard let handler = handlers[operation.id] else {
                Issue.record("no handler found for \(operation.id)")
                continue
            }
            checked += 1
            let ownExtensions = extensions[name] ?? ""
            // Not `\\b`: Unicode word boundaries join `reason.rawValue` into one word. The schema's own
            // extensions read its members as `self`'s, so bare.
            let unread = try properties.keys.filter { member in
                try handler.firstMatch(of: Regex("\\._?\(member)(?![A-Za-z0-9_])")) == nil
                    && ownExtensions.firstMatch(of: Regex("(?:^|[^A-Za-z0-9_])_?\(member)(?![A-Za-z0-9_])")) == nil
            }
            #expect(unread.isEmpty, "\(operation.id) never reads \(unread.sorted()) of \(name)")
        }
        #expect(checked > 50)
    }
}
