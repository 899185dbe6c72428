import Foundation

/// One person's report within a case.
public struct CaseReport: Sendable, Equatable {
    public var reporterID: UUID
    public var reason: ReportReason
    public var text: String
    public var reportedAt: Date

    public init(reporterID: UUID, reason: ReportReason, text: String, reportedAt: Date) {
        self.reporterID = reporterID
        self.reason = reason
        self.text = text
        self.reportedAt = reportedAt
    }
}
