/// One step of a service's schema, applied once, in version order, inside the migration transaction.
public struct Migration: Sendable {
    public var version: Int
    public var name: String
    /// Statements run in order; one statement each because the extended query protocol allows one.
    public var statements: [String]

    public init(_ version: Int, _ name: String, _ statements: [String]) {
        self.version = version
        self.name = name
        self.statements = statements
    }
}
