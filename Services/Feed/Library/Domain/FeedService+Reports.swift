import Foundation
import RoamCore

/// Reports of posts and comments: anyone who may read something (and did not write it) reports it
/// once; an event's host reads the reports of content in the event; stories' reports go to the
/// moderation list, which services (a moderation tool) read.
extension FeedService {
    public func report(_ subject: Subject, by reporter: UUID, reason: ContentReport.Reason, text: String) async throws -> ContentReport {
        var validation = Validation()
        validation.require(text.count <= ContentReport.maxTextLength, "text", "must be at most \(ContentReport.maxTextLength) characters")
        validation.requireStorable(text, "text")
        try validation.check()
        let author: UUID?
        let event: UUID?
        switch subject.kind {
        case .post:
            let post = try await readablePost(subject.id, reader: reporter)
            (author, event) = (post.authorID, post.audience.eventID)
        case .comment:
            let comment = try await readableComment(subject.id, reader: reporter)
            (author, event) = (comment.authorID, comment.eventID)
        case .activity, .bucketItem, .walk:
            (author, event) = (try await externalOwner(of: subject, reader: reporter), nil)
        }
        guard author != reporter else { throw RoamError.invalidField("subject", "you cannot report what you wrote") }
        let time = now()
        let report = ContentReport(
            id: .v7(at: time), subject: subject, reporterID: reporter, reason: reason,
            text: text.trimmingCharacters(in: .whitespacesAndNewlines), createdAt: time, eventID: event)
        guard try await store.addReport(report) else { throw FeedError.alreadyReported }
        return report
    }

    /// (host) Reports of content in the event.
    public func eventReports(_ event: UUID, host: UUID, page: PageRequest) async throws -> Page<ContentReport> {
        guard try await membership.status(of: host, in: event).isHost else {
            throw RoamError.permissionDenied("only the event's host reads its reports")
        }
        return try await store.reports(inEvent: event, page: page)
    }

    /// The moderation list: reports of stories.
    public func moderationReports(page: PageRequest) async throws -> Page<ContentReport> {
        try await store.storyReports(page: page)
    }
}
