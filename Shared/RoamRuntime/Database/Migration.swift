import Crypto
import Foundation

/// One step of a service's schema, applied once, in version order, inside the migration transaction.
public struct Migration: Sendable {
    public var version: Int
    public var name: String
    /// Statements run in order; one statement each because the extended query protocol allows one.
    public var statements: [String]
    /// Whether the release before this one can still run against the schema after it (see
    /// `SchemaChange`): checked by HouseRulesTests' `MigrationRulesTests`.
    public var change: SchemaChange

    /// An expanding step: the previous release keeps working beside it.
    public init(_ version: Int, _ name: String, _ statements: [String]) {
        self.init(version, name, change: .expand, statements)
    }

    /// A contracting step: it drops, renames or tightens what releases up to `lastReadIn` read, so it
    /// may ship only in a release after that one.
    public init(_ version: Int, _ name: String, contractingWhatIsLastReadIn lastReadIn: String, _ statements: [String]) {
        self.init(version, name, change: .contract(lastReadIn: lastReadIn), statements)
    }

    init(_ version: Int, _ name: String, change: SchemaChange, _ statements: [String]) {
        self.version = version
        self.name = name
        self.statements = statements
        self.change = change
    }

    /// SHA-256 of the statements, hex: a release records it, so a shipped migration that is edited
    /// afterwards is caught (a database that ran the old text would never run the new one).
    public var checksum: String {
        let digest = SHA256.hash(data: Data(statements.joined(separator: "\u{0}").utf8))
        return digest.map { String(format: "%02x", $0) }.joined()
    }
}
