import Foundation
import Testing

/// Every field a service's messages carry is handled by that service's adapter, its `GRPC` folders:
/// each field of what an RPC takes (with the messages inside it) is read there (`request.note`,
/// `.hasNote`), and each field of what it answers is set there (`$0.note = …`). Only the adapter is
/// read: a store or a domain type using the same name does not count (it did when the whole library
/// was read, and a forgotten adapter line passed). The round trips in each service's tests
/// (`<Service>ProtoRoundTripTests`) then send every field through the adapter and the store and back. swift-protobuf
/// defaults a forgotten field to empty, so a field added to a message but not to its adapter would
/// compile and silently never arrive; this is the service-side twin of the gateway's
/// `ProtoMappingMembersTests` and `RequestBodyMembersTests`.
@Suite struct AdapterProtoFieldsTests {
    static let root = URL(filePath: #filePath).deletingLastPathComponent().appending(path: "../..").standardized

    /// Proto package folder → the service that serves it.
    static let services = [
        "accounts": "Accounts", "bucketlists": "BucketLists", "budget": "Budget", "events": "Events", "feed": "Feed",
        "media": "Media", "moderation": "Moderation", "notifications": "Notifications", "trips": "Trips",
    ]

    /// Fields an adapter leaves alone on purpose, as `Message.field`, with why.
    static let leftAlone: [String: String] = [:]

    struct Message {
        var fields: [String] = []
        /// Message-typed fields, by the type's name as written (`ExpenseFields`, `roam.common.v1.Money`).
        var messageTypes: [String] = []
    }

    /// The package's messages by name (nested ones as `Outer.Inner`), and its RPCs' request and response types.
    static func parse(_ text: String) -> (messages: [String: Message], requests: [String], responses: [String]) {
        var messages: [String: Message] = [:], requests: [String] = [], responses: [String] = []
        var stack: [String?] = []  // the message each open brace belongs to, nil for others
        let scalar: Set<String> = [
            "string", "bytes", "bool", "int32", "int64", "uint32", "uint64", "sint32", "sint64", "fixed32", "fixed64", "double", "float",
        ]
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = rawLine.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
            if let rpc = line.firstMatch(of: /rpc\s+\w+\s*\(\s*(?:stream\s+)?([\w.]+)\s*\)\s*returns\s*\(\s*(?:stream\s+)?([\w.]+)\s*\)/) {
                requests.append(String(rpc.output.1))
                responses.append(String(rpc.output.2))
            }
            let current = stack.compactMap { $0 }.joined(separator: ".")
            if let message = line.firstMatch(of: /^\s*message\s+(\w+)\s*\{/) {
                let name = current.isEmpty ? String(message.output.1) : "\(current).\(message.output.1)"
                messages[name] = messages[name] ?? Message()
                stack.append(name.split(separator: ".").last.map(String.init))
                if line.contains("}") { stack.removeLast() }
                continue
            }
            if let field = line.firstMatch(of: /^\s*(?:repeated\s+|optional\s+)?(map<[^>]+>|[\w.]+)\s+(\w+)\s*=\s*\d+/), !current.isEmpty,
                field.output.1 != "option", field.output.1 != "reserved"
            {
                messages[current]?.fields.append(String(field.output.2))
                let type = String(field.output.1)
                if !scalar.contains(type) && !type.hasPrefix("map<") { messages[current]?.messageTypes.append(type) }
            }
            for character in line {
                if character == "{" { stack.append(nil) }
                if character == "}", !stack.isEmpty { stack.removeLast() }
            }
        }
        return (messages, requests, responses)
    }

    /// `trip_id` → `tripID`, `media_ids` → `mediaIds`: swift-protobuf's names.
    static func swiftName(_ field: String) -> String {
        // Words break at underscores and where letters meet digits (`p99_ms` → p, 99, ms).
        var words: [String] = []
        for part in field.split(separator: "_") {
            var word = ""
            for character in part {
                if let last = word.last, last.isNumber != character.isNumber {
                    words.append(word)
                    word = ""
                }
                word.append(character)
            }
            words.append(word)
        }
        let name = words.enumerated().map { index, word in
            if index == 0 { return word }
            return ["id", "url", "http", "https"].contains(word) ? word.uppercased() : word.prefix(1).uppercased() + word.dropFirst()
        }.joined()
        // A name that reads like an accessor swift-protobuf writes (`hasPassword`) gets `_p`.
        return name.firstMatch(of: /^(has|clear)[A-Z0-9]/) != nil ? name + "_p" : name
    }

    /// The messages `roots` hold, with theirs in turn, within the package.
    static func closure(of roots: [String], in messages: [String: Message]) -> Set<String> {
        var found: Set<String> = [], queue = roots
        while let name = queue.popLast() {
            guard messages[name] != nil, found.insert(name).inserted else { continue }
            for type in messages[name]!.messageTypes {
                // A nested type is named from its parent (`Inner` inside `Outer`).
                if messages["\(name).\(type)"] != nil { queue.append("\(name).\(type)") } else { queue.append(type) }
            }
        }
        return found
    }

    /// The service's adapter: every Swift file under a `GRPC` folder of its library (trips' walks have their own).
    static func swiftSources(of service: String) throws -> String {
        let library = root.appending(path: "Services/\(service)/Library")
        let files = try FileManager.default.subpathsOfDirectory(atPath: library.path).filter {
            $0.hasSuffix(".swift") && $0.split(separator: "/").contains("GRPC")
        }
        return try files.map { try String(contentsOf: library.appending(path: $0), encoding: .utf8) }.joined(separator: "\n")
    }

    static func protoFiles(of package: String) throws -> [URL] {
        let folder = root.appending(path: "proto/roam/\(package)/v1")
        return try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".proto") }.map { folder.appending(path: $0) }
    }

    @Test(arguments: services.keys.sorted())
    func everyFieldIsReadOrSetByItsService(package: String) async throws {
        let service = try #require(Self.services[package])
        var messages: [String: Message] = [:], requests: [String] = [], responses: [String] = []
        for file in try Self.protoFiles(of: package) {
            let parsed = Self.parse(try String(contentsOf: file, encoding: .utf8))
            messages.merge(parsed.messages) { first, _ in first }
            requests += parsed.requests
            responses += parsed.responses
        }
        #expect(!requests.isEmpty && !messages.isEmpty, "read no service from \(package)'s protos")
        let source = try Self.swiftSources(of: service)
        var unread: [String] = [], unset: [String] = []
        for name in Self.closure(of: requests, in: messages).sorted() {
            for field in messages[name]!.fields where Self.leftAlone["\(name).\(field)"] == nil {
                let member = Self.swiftName(field)
                let has = "has" + member.prefix(1).uppercased() + member.dropFirst()
                if !source.contains(".\(member)") && !source.contains(".\(has)") { unread.append("\(name).\(field)") }
            }
        }
        for name in Self.closure(of: responses, in: messages).sorted() {
            for field in messages[name]!.fields where Self.leftAlone["\(name).\(field)"] == nil {
                // A regular expression over a service's whole source is slow in a debug build: let the suite's other tests run.
                await Task.yield()
                let member = Self.swiftName(field)
                let pattern = try Regex("\\.\(member)\\s*(=[^=]|\\+=|\\.append)|[(,]\\s*\(member):")
                if source.firstMatch(of: pattern) == nil { unset.append("\(name).\(field)") }
            }
        }
        #expect(unread.isEmpty, "\(service) never reads \(unread)")
        #expect(unset.isEmpty, "\(service) never sets \(unset)")
    }

    @Test func namesAreSwiftProtobufs() {
        #expect(Self.swiftName("trip_id") == "tripID")
        #expect(Self.swiftName("media_ids") == "mediaIds")
        #expect(Self.swiftName("p99_ms") == "p99Ms")
        #expect(Self.swiftName("thumbnail_url") == "thumbnailURL")
        #expect(Self.swiftName("has_password") == "hasPassword_p")
    }
}
