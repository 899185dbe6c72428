import Foundation
import RoamRuntime

/// Reports of posts and comments. A reporter reports a subject once; reports go with their subject.
public protocol ReportRepository: Sendable {
    /// Returns false when the reporter already reported the subject, or it no longer exists.
    func addReport(_ report: ContentReport) async throws -> Bool
    /// Reports of content in the event, newest first.
    func reports(inEvent event: UUID, page: PageRequest) async throws -> Page<ContentReport>
    /// Reports of stories (content in no event), newest first.
    func storyReports(page: PageRequest) async throws -> Page<ContentReport>
    /// Forgets the reports the user made.
    func deleteReports(by reporter: UUID) async throws -> Int
}
