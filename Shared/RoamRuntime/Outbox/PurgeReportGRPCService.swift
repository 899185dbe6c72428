import Foundation
import GRPCCore
import RoamCore
import RoamProto
import SwiftProtobuf

/// `roam.purge.v1.PurgeReportService` for a service with an outbox: its purges and their receipts, for
/// the operator (`roam purges`) and admins (the console's erasure receipts). `ServiceHost` serves it
/// beside the service's own RPCs.
struct PurgeReportGRPCService: Roam_Purge_V1_PurgeReportService.SimpleServiceProtocol {
    let outbox: any OutboxRepository
    /// The services every purge goes to, as `USER_PURGE_TARGETS` names them.
    let targets: [String]

    func listPurges(request: Roam_Purge_V1_ListPurgesRequest, context _: ServerContext) async throws -> Roam_Purge_V1_ListPurgesResponse {
        let reader = try CallContext.current.requireModerator()
        guard reader.isOperator || reader.isAdmin else { throw RoamError.permissionDenied("only admins and operators read erasure receipts") }
        guard let topic = OutboxEntry.Topic(rawValue: request.topic) else {
            throw RoamError.invalidField("topic", "must be user_deleted, event_ended or trip_deleted")
        }
        let subject = request.subjectID.isEmpty ? nil : try UUID(field: "subject_id", request.subjectID)
        guard (0...100).contains(request.limit) else { throw RoamError.invalidField("limit", "must be between 1 and 100") }
        let entries = try await outbox.entries(topic: topic, subject: subject, limit: request.limit == 0 ? 20 : Int(request.limit))
        return .with { $0.purges = entries.map(progress) }
    }

    private func progress(of entry: OutboxEntry) -> Roam_Purge_V1_PurgeProgress {
        .with {
            $0.topic = entry.topic.rawValue
            $0.subjectID = entry.subjectID.lowercasedString
            $0.announcedAt = Google_Protobuf_Timestamp(date: entry.createdAt)
            // Targets configured now, then any that acknowledged but have since left the configuration.
            let names = targets + entry.deliveredTo.subtracting(targets).sorted()
            $0.receipts = names.map { name in
                .with {
                    $0.service = name
                    if let time = entry.acknowledgedAt[name] ?? (entry.deliveredTo.contains(name) ? entry.completedAt ?? entry.createdAt : nil) {
                        $0.acknowledgedAt = Google_Protobuf_Timestamp(date: time)
                    }
                }
            }
            $0.attempts = Int32(clamping: entry.attempts)
            if let next = entry.nextAttemptAt { $0.nextAttemptAt = Google_Protobuf_Timestamp(date: next) }
            if let completed = entry.completedAt { $0.completedAt = Google_Protobuf_Timestamp(date: completed) }
        }
    }
}
