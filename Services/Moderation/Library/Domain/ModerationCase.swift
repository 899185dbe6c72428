import Foundation

/// Everything reported about one subject while it was open: one case, however many people report it.
public struct ModerationCase: Sendable, Equatable {
    public var id: UUID
    public var subject: Subject
    public var status: CaseStatus
    /// How many people reported it.
    public var reportCount: Int
    public var firstReportedAt: Date
    public var lastReportedAt: Date
    /// The reasons given, the most given first.
    public var reasons: [ReportReason]
    /// The content as it was when first reported.
    public var snapshot: Content
    public var resolution: Resolution?

    public init(
        id: UUID, subject: Subject, status: CaseStatus, reportCount: Int, firstReportedAt: Date, lastReportedAt: Date,
        reasons: [ReportReason], snapshot: Content, resolution: Resolution? = nil
    ) {
        self.id = id
        self.subject = subject
        self.status = status
        self.reportCount = reportCount
        self.firstReportedAt = firstReportedAt
        self.lastReportedAt = lastReportedAt
        self.reasons = reasons
        self.snapshot = snapshot
        self.resolution = resolution
    }
}
