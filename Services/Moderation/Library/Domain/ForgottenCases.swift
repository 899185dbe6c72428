/// What a deleted account took from the queue.
public struct ForgottenCases: Sendable, Equatable {
    /// Reports the account had filed.
    public var reports: Int
    /// Open cases removed: about what it made, or left without a report.
    public var cases: Int
    /// Resolved cases about what it made whose snapshot was blanked.
    public var snapshots: Int

    public init(reports: Int, cases: Int, snapshots: Int) {
        self.reports = reports
        self.cases = cases
        self.snapshots = snapshots
    }
}
