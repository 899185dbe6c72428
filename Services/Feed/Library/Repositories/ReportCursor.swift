import Foundation
import RoamRuntime

/// Newest-first report listings page by the time-ordered report id.
enum ReportCursor {
    static func decode(_ token: String?) throws(RoamError) -> UUID? {
        try PostCursor.decode(token)
    }

    static func encode(after report: ContentReport) -> String {
        PageCursor.encode([report.id.uuidString])
    }
}
