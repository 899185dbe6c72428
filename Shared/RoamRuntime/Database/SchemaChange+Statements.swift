extension SchemaChange {
    /// Why `statement` contracts the schema the previous release uses, or nil when it only expands it:
    /// it drops or renames what that release reads, changes a column's type, or adds a rule its
    /// writes may break (a NOT NULL column without a default, a new constraint). Textual, so it errs
    /// towards asking: a false alarm costs a marking, a miss costs an outage during an upgrade.
    public static func contractingReason(of statement: String) -> String? {
        let sql = statement.uppercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
        for kind in ["TABLE", "COLUMN", "SCHEMA", "VIEW", "MATERIALIZED VIEW", "FUNCTION", "TYPE", "SEQUENCE", "TRIGGER"]
        where sql.contains("DROP \(kind) ") {
            return "drops a \(kind.lowercased())"
        }
        if sql.contains(" RENAME ") { return "renames" }
        if sql.firstMatch(of: #/ALTER COLUMN (IF EXISTS )?[A-Z0-9_"]+ (SET DATA )?TYPE /#) != nil { return "changes a column's type" }
        if sql.contains("SET NOT NULL") { return "makes a column NOT NULL" }
        if sql.contains("ADD CONSTRAINT ") { return "adds a constraint the previous release's writes may break" }
        if sql.hasPrefix("ALTER TABLE") {
            for clause in sql.matches(of: #/ADD COLUMN .*?(?=, ADD |, ALTER |, DROP |$)/#)
            where clause.output.contains("NOT NULL") && !clause.output.contains("DEFAULT") {
                if !clause.output.contains("GENERATED") {
                    return "adds a NOT NULL column without a default, which the previous release's inserts leave out"
                }
            }
        }
        return nil
    }
}
