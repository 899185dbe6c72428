import Foundation
import RoamRuntime

extension InMemoryFeedStore {
    public func addReport(_ report: ContentReport) async throws -> Bool {
        guard subjectExists(report.subject),
            !reports.values.contains(where: { $0.subject == report.subject && $0.reporterID == report.reporterID })
        else { return false }
        reports[report.id] = report
        return true
    }

    public func reports(inEvent event: UUID, page: PageRequest) async throws -> Page<ContentReport> {
        try listReports(page: page) { $0.eventID == event }
    }

    public func storyReports(page: PageRequest) async throws -> Page<ContentReport> {
        try listReports(page: page) { $0.eventID == nil }
    }

    public func deleteReports(by reporter: UUID) async throws -> Int {
        let before = reports.count
        reports = reports.filter { $0.value.reporterID != reporter }
        return before - reports.count
    }

    private func listReports(page: PageRequest, where matches: (ContentReport) -> Bool) throws -> Page<ContentReport> {
        let after = try ReportCursor.decode(page.cursor)
        let listed = reports.values.filter(matches)
            .sorted { $0.id.uuidString > $1.id.uuidString }
            .filter { report in after.map { report.id.uuidString < $0.uuidString } ?? true }
        return Page(fetched: listed, size: page.size, cursor: ReportCursor.encode(after:))
    }
}
