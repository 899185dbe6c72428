import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads configuration from environment variables. Every value has a local default; a value that is
/// set but malformed stops the process with a message naming the variable.
public struct Environment: Sendable {
    public var values: [String: String]
    /// When set, every variable name looked up is noted here (to check deployment files against the
    /// variables the code really reads).
    public var readLog: VariableReadLog?

    public init(_ values: [String: String], readLog: VariableReadLog? = nil) {
        self.values = values
        self.readLog = readLog
    }

    /// The process environment, with secrets given as files read in (`readingFiles`). A file that is
    /// there but cannot be read stops the process, naming its variable.
    public static var process: Environment {
        var values: [String: String] = [:]
        var pointer = environ
        while let entry = pointer.pointee {
            let pair = String(cString: entry)
            if let equals = pair.firstIndex(of: "=") {
                values[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
            }
            pointer += 1
        }
        do {
            return Environment(try readingFiles(values))
        } catch {
            FileHandle.standardError.write(Data("\(error)\n".utf8))
            exit(78)  // EX_CONFIG
        }
    }

    /// Variables ending in `_FILE` that name a file of their own rather than a secret's: accounts' key file.
    static let ownFiles: Set<String> = ["ACCOUNTS_SIGNING_KEY_FILE"]

    /// Whether `name` is one of Roam's secrets, the settings that may come from a file: a password, a
    /// secret, a key or a database URL (which holds a password). The same rule decides what the
    /// Kubernetes manifests mount as files (`scripts/generate-kubernetes.py`).
    static func isSecret(_ name: String) -> Bool {
        name.contains("SECRET") || name.contains("PASSWORD") || name.hasSuffix("_KEY") || name.hasSuffix("_KEY_ID")
            || name == "DATABASE_URL" || name.hasSuffix("_DATABASE_URL") || name == "SMTP_URL"
    }

    /// `NAME_FILE=/path` gives a secret `NAME` the file's content without its final line break, unless
    /// `NAME` is set itself: secrets mounted as files (Kubernetes, Docker) need not pass through the
    /// environment, where any process of the same user can read them. A path with no file there leaves
    /// `NAME` unset (an optional secret a cluster does not have), so a required one is refused as missing.
    /// Only secrets: other `_FILE` variables (`SSL_CERT_FILE`) belong to other programs.
    static func readingFiles(
        _ values: [String: String], read: (String) throws -> String? = Self.contents(of:)
    ) throws(ConfigurationError) -> [String: String] {
        var resolved = values
        for (variable, path) in values where variable.hasSuffix("_FILE") && !path.isEmpty && !ownFiles.contains(variable) {
            let name = String(variable.dropLast("_FILE".count))
            guard isSecret(name), values[name, default: ""].isEmpty else { continue }
            let content: String?
            do {
                content = try read(path)
            } catch {
                throw ConfigurationError(variable: variable, problem: "cannot read \(path): \(error)")
            }
            guard var content else { continue }
            if content.hasSuffix("\r\n") { content.removeLast(2) } else if content.hasSuffix("\n") { content.removeLast() }
            resolved[name] = content
        }
        return resolved
    }

    /// A file's text, or nil when nothing is at `path`.
    static func contents(of path: String) throws -> String? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        return try String(contentsOfFile: path, encoding: .utf8)
    }

    public func string(_ name: String, default fallback: String) -> String {
        value(name) ?? fallback
    }

    public func optionalString(_ name: String) -> String? {
        value(name)
    }

    public func int(_ name: String, default fallback: Int, in range: ClosedRange<Int> = Int.min...Int.max) throws(ConfigurationError) -> Int {
        guard let raw = value(name) else { return fallback }
        guard let parsed = Int(raw), range.contains(parsed) else {
            throw ConfigurationError(variable: name, problem: "expected a whole number in \(range.lowerBound)...\(range.upperBound), got \"\(raw)\"")
        }
        return parsed
    }

    /// A decimal number such as `7.62`.
    public func double(_ name: String, default fallback: Double, in range: ClosedRange<Double>) throws(ConfigurationError) -> Double {
        guard let raw = value(name) else { return fallback }
        guard let parsed = Double(raw), parsed.isFinite, range.contains(parsed) else {
            throw ConfigurationError(variable: name, problem: "expected a number from \(range.lowerBound) to \(range.upperBound), got \"\(raw)\"")
        }
        return parsed
    }

    public func bool(_ name: String, default fallback: Bool) throws(ConfigurationError) -> Bool {
        guard let raw = value(name)?.lowercased() else { return fallback }
        switch raw {
        case "1", "true", "yes", "on": return true
        case "0", "false", "no", "off": return false
        default: throw ConfigurationError(variable: name, problem: "expected true or false, got \"\(raw)\"")
        }
    }

    /// A duration written as a number with a unit: `900s`, `15m`, `2h`, `30d`, or `250ms`.
    public func duration(_ name: String, default fallback: Duration) throws(ConfigurationError) -> Duration {
        guard let raw = value(name) else { return fallback }
        let units: [(String, Duration)] = [
            ("ms", .milliseconds(1)), ("s", .seconds(1)), ("m", .seconds(60)),
            ("h", .seconds(3600)), ("d", .seconds(86400)),
        ]
        for (suffix, unit) in units where raw.hasSuffix(suffix) {
            if let count = Int(raw.dropLast(suffix.count)), count >= 0 { return unit * count }
        }
        throw ConfigurationError(variable: name, problem: "expected a duration such as 900s, 15m or 2h, got \"\(raw)\"")
    }

    /// A `host:port` address, or a comma-separated list of them.
    /// Named services and their replicas, `name=host:port[,host:port];…` (e.g. the services an outbox
    /// tells about ended events); empty when unset.
    public func namedAddresses(_ name: String) throws(ConfigurationError) -> [(name: String, addresses: [HostAndPort])] {
        var targets: [(name: String, addresses: [HostAndPort])] = []
        for item in (value(name) ?? "").split(separator: ";").map({ $0.trimmingCharacters(in: " ") }) where !item.isEmpty {
            let parts = item.split(separator: "=", maxSplits: 1).map(String.init)
            let addresses = parts.count == 2 ? parts[1].split(separator: ",").compactMap { HostAndPort(String($0)) } : []
            guard parts.count == 2, !parts[0].isEmpty, !addresses.isEmpty, addresses.count == parts[1].split(separator: ",").count else {
                throw ConfigurationError(variable: name, problem: "expected name=host:port[,host:port];…, got \"\(item)\"")
            }
            targets.append((parts[0], addresses))
        }
        return targets
    }

    public func addresses(_ name: String, default fallback: String) throws(ConfigurationError) -> [HostAndPort] {
        let raw = value(name) ?? fallback
        var result: [HostAndPort] = []
        for part in raw.split(separator: ",") {
            guard let address = HostAndPort(String(part.trimmingCharacters(in: " "))) else {
                throw ConfigurationError(variable: name, problem: "expected host:port[,host:port…], got \"\(raw)\"")
            }
            result.append(address)
        }
        if result.isEmpty { throw ConfigurationError(variable: name, problem: "expected at least one host:port") }
        return result
    }

    private func value(_ name: String) -> String? {
        readLog?.note(name)
        guard let raw = values[name], !raw.isEmpty else { return nil }
        return raw
    }
}

extension StringProtocol {
    func trimmingCharacters(in character: Character) -> Substring {
        var slice = self[...]
        while slice.first == character { slice = slice.dropFirst() }
        while slice.last == character { slice = slice.dropLast() }
        return Substring(slice)
    }
}
