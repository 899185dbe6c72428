/// What a migration does to the schema the running release reads. Upgrades are rolling: the previous
/// release's processes keep serving while the new release migrates and starts, so a release only
/// expands; what the previous release still reads is dropped, renamed or tightened one release later.
public enum SchemaChange: Sendable, Hashable {
    /// Adds tables, nullable or defaulted columns, indexes, or loosens a constraint.
    case expand
    /// Drops, renames or tightens something that releases up to `lastReadIn` (a released version) read.
    case contract(lastReadIn: String)
}
