import Foundation
import RoamProto
import RoamRuntime
import SwiftProtobuf

extension Subject {
    var proto: Roam_Moderation_V1_Subject {
        .with {
            $0.kind = kind.rawValue
            $0.id = id.lowercasedString
        }
    }
}

extension Roam_Moderation_V1_Subject {
    /// The subject a request names, or INVALID_FIELD naming `field.kind` / `field.id`.
    func domain(field: String = "subject") throws(RoamError) -> Subject {
        var validation = Validation()
        let kind = SubjectKind(rawValue: self.kind)
        validation.require(kind != nil, "\(field).kind", "must be one of \(SubjectKind.listed)")
        let id = UUID(uuidString: self.id)
        validation.require(id != nil, "\(field).id", "must be a UUID")
        try validation.check()
        return Subject(kind: kind!, id: id!)
    }
}

extension Content {
    var proto: Roam_Moderation_V1_Content {
        .with {
            $0.subject = subject.proto
            $0.authorID = authorID.lowercasedString
            $0.title = title
            $0.text = text
            $0.mediaIds = mediaIDs.map(\.lowercasedString)
            $0.placeName = placeName
            if let parent { $0.parent = parent.proto }
            $0.createdAt = Google_Protobuf_Timestamp(date: createdAt)
            if let takedown { $0.takedown = takedown.proto }
        }
    }
}

extension Takedown {
    var proto: Roam_Moderation_V1_Takedown {
        .with {
            $0.at = Google_Protobuf_Timestamp(date: at)
            $0.reason = reason
            $0.by = by
        }
    }
}

extension Roam_Moderation_V1_Content {
    /// What an owning service answered; an answer that is not whole is the owner's fault, not the caller's.
    func domain() throws(RoamError) -> Content {
        guard let kind = SubjectKind(rawValue: subject.kind), let id = UUID(uuidString: subject.id), let author = UUID(uuidString: authorID) else {
            throw RoamError(.internal, reason: "INTERNAL", message: "the owning service described the content incompletely")
        }
        let parent =
            hasParent
            ? SubjectKind(rawValue: self.parent.kind).flatMap { kind in UUID(uuidString: self.parent.id).map { Subject(kind: kind, id: $0) } } : nil
        return Content(
            subject: Subject(kind: kind, id: id), authorID: author, title: title, text: text, mediaIDs: mediaIds.compactMap(UUID.init(uuidString:)),
            placeName: placeName, parent: parent, createdAt: createdAt.date,
            takedown: hasTakedown ? Takedown(at: takedown.at.date, reason: takedown.reason, by: takedown.by) : nil)
    }
}

extension ModerationCase {
    var proto: Roam_Moderation_V1_Case {
        .with {
            $0.caseID = id.lowercasedString
            $0.subject = subject.proto
            $0.status = status.rawValue
            $0.reportCount = Int32(clamping: reportCount)
            $0.firstReportedAt = Google_Protobuf_Timestamp(date: firstReportedAt)
            $0.lastReportedAt = Google_Protobuf_Timestamp(date: lastReportedAt)
            $0.reasons = reasons.map(\.rawValue)
            $0.snapshot = snapshot.proto
            if let resolution {
                $0.resolution = .with {
                    $0.action = resolution.action.rawValue
                    $0.note = resolution.note
                    $0.by = resolution.by
                    $0.at = Google_Protobuf_Timestamp(date: resolution.at)
                }
            }
        }
    }
}

extension CaseReport {
    var proto: Roam_Moderation_V1_CaseReport {
        .with {
            $0.reporterID = reporterID.lowercasedString
            $0.reason = reason.rawValue
            $0.text = text
            $0.reportedAt = Google_Protobuf_Timestamp(date: reportedAt)
        }
    }
}

extension AuditEntry {
    var proto: Roam_Moderation_V1_AuditEntry {
        .with {
            $0.entryID = id.lowercasedString
            $0.at = Google_Protobuf_Timestamp(date: at)
            $0.actor = actor
            $0.action = action.rawValue
            $0.subject = subject.proto
            $0.reason = reason
            $0.before = before
            $0.after = after
        }
    }
}

extension AccountActionOutcome {
    /// Accounts' answer as it came, rebuilt from the JSON kept for the audit log.
    func proto() throws -> Roam_Accounts_V1_AccountChangeResponse {
        let (before, after) = (try Roam_Accounts_V1_AccountRecord(jsonString: before), try Roam_Accounts_V1_AccountRecord(jsonString: after))
        return .with {
            $0.before = before
            $0.after = after
            $0.sessionsEnded = Int32(clamping: sessionsEnded)
            $0.actor = actor
        }
    }
}
