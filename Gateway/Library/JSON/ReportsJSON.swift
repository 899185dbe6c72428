import Foundation
import RoamProto

// The JSON of the content report routes.

struct ReportBody: Decodable {
    /// spam, harassment, hate, violence, nudity, misinformation or other.
    var reason: String
    /// Up to 1,000 characters.
    var text: String?
}

struct ContentReportJSON: Codable {
    var reportId: String
    var subject: String
    var reporterId: String
    var reason: String
    var text: String
    var createdAt: Date
    var eventId: String?

    init(_ report: Roam_Feed_V1_ContentReport) {
        reportId = report.reportID
        subject = report.subject
        reporterId = report.reporterID
        reason = report.reason
        text = report.text
        createdAt = report.createdAt.date
        eventId = report.eventID.isEmpty ? nil : report.eventID
    }
}

