import Foundation
import Testing

@testable import Gateway

/// Every mapping from a service's message to a contract schema (`Gateway/Library/<Domain>/Components.Schemas+<Domain>.swift`)
/// names every member the schema declares. The generated memberwise inits give each optional member a
/// `nil` default, so a member added to the contract but forgotten here would compile and silently never
/// be sent; a member left out on purpose is written `member: nil`.
@Suite struct ProtoMappingMembersTests {
    static let library = URL(filePath: #filePath).deletingLastPathComponent().appending(path: "../../Gateway/Library").standardized

    /// `self.init(…)` calls with labelled arguments, by the schema whose extension holds them.
    static func initCalls(in source: String) -> [(schema: String, labels: Set<String>)] {
        var calls: [(String, Set<String>)] = []
        let extensions = source.matches(of: /(?m)^extension Components\.Schemas\.(\w+) \{/)
        for (index, found) in extensions.enumerated() {
            let end = index + 1 < extensions.count ? extensions[index + 1].range.lowerBound : source.endIndex
            let block = source[found.range.upperBound..<end]
            // Members set after the init (`groupWalk = …`) count as named.
            let assigned = Set(block.matches(of: #/(?m)^\s*(\w+) = /#).map { String($0.output.1) })
            for call in block.ranges(of: "self.init(") {
                // A call that hands over to another init of the type (`self.init(proto, links: links)`) is that init's to check.
                guard let labels = labels(of: block[call.upperBound...]) else { continue }
                calls.append((String(found.output.1), labels.union(assigned)))
            }
        }
        return calls
    }

    /// The labels of the call's own arguments, up to its closing parenthesis, as the contract names them
    /// (the generator writes `type` as `_type`); nil when the first argument has none. The text is cut at
    /// the commas outside any bracket or string, and each piece that starts `name:` is labelled.
    static func labels(of arguments: Substring) -> Set<String>? {
        var pieces: [String] = [], piece = "", depth = 0, inString = false, previous: Character = " "
        for character in arguments {
            defer { previous = character }
            if inString {
                if character == "\"" && previous != "\\" { inString = false }
                piece.append(character)
                continue
            }
            switch character {
            case "\"": inString = true
            case "(", "[", "{": depth += 1
            case ")", "]", "}": depth -= 1
            case "," where depth == 0:
                pieces.append(piece)
                piece = ""
                continue
            default: break
            }
            if depth < 0 { break }
            piece.append(character)
        }
        pieces.append(piece)
        let labels = pieces.map { piece in
            piece.trimmingCharacters(in: .whitespacesAndNewlines).firstMatch(of: /^_?([A-Za-z]\w*)\s*:(?!:)/).map { String($0.output.1) }
        }
        guard labels.first != nil, labels.first! != nil else { return nil }
        return Set(labels.compactMap { $0 })
    }

    @Test func everyMappingNamesEveryMemberOfItsSchema() throws {
        let files = try FileManager.default.subpathsOfDirectory(atPath: Self.library.path).filter {
            $0.split(separator: "/").last?.hasPrefix("Components.Schemas+") == true
        }
        #expect(files.count == 9, "one mapping file per domain: \(files)")
        var checked = 0
        for file in files {
            let source = try String(contentsOf: Self.library.appending(path: file), encoding: .utf8)
            for (schema, labels) in Self.initCalls(in: source) {
                guard case .object(let properties)? = GatewayOpenAPI.document["components"]?["schemas"]?[schema]?["properties"] else { continue }
                checked += 1
                let missing = Set(properties.keys).subtracting(labels)
                #expect(missing.isEmpty, "\(file): \(schema) leaves out \(missing.sorted()); write `member: nil` where that is meant")
            }
        }
        #expect(checked > 40)
    }

    @Test func theLabelReaderSeesOnlyTheCallsOwnLabels() {
        let labels = Self.labels(
            of:
                #"id: proto.id, note: proto.note.isEmpty ? nil : proto.note, caps: proto.caps.map { .init(category: $0, cap: 1) }, text: "a(b: c", at: x)"#
                + " after: 1")
        #expect(labels == ["id", "note", "caps", "text", "at"])
        #expect(Self.labels(of: "proto, links: links)") == nil, "a call handing over to another init")
        #expect(Self.labels(of: "date: d, _type: .featureCollection)") == ["date", "type"])
    }
}
