import Foundation
import GRPCCore
import RoamProto
import RoamRuntime
import SwiftProtobuf

/// `roam.mail.v1.MailReportService` for a service with a mail outbox: totals and the latest mails, for
/// the operator (`roam mail`), never a mail's fields.
public struct MailReportGRPCService: Roam_Mail_V1_MailReportService.SimpleServiceProtocol, ForServicesOnly {
    let queue: any MailQueue

    public init(queue: any MailQueue) {
        self.queue = queue
    }

    public func listMail(request: Roam_Mail_V1_ListMailRequest, context _: ServerContext) async throws -> Roam_Mail_V1_ListMailResponse {
        let status: MailRecord.Status?
        if request.status.isEmpty {
            status = nil
        } else if let named = MailRecord.Status(rawValue: request.status) {
            status = named
        } else {
            throw RoamError.invalidField("status", "must be pending, sent or failed")
        }
        guard (0...100).contains(request.limit) else { throw RoamError.invalidField("limit", "must be between 1 and 100") }
        let records = try await queue.records(status: status, limit: request.limit == 0 ? 20 : Int(request.limit))
        let totals = try await queue.totals()
        return .with {
            $0.pending = Int64(totals[.pending] ?? 0)
            $0.sent = Int64(totals[.sent] ?? 0)
            $0.failed = Int64(totals[.failed] ?? 0)
            $0.mails = records.map { record in
                .with {
                    $0.mailID = record.id.uuidString.lowercased()
                    $0.kind = record.kind
                    $0.recipient = record.recipient
                    $0.status = record.status.rawValue
                    $0.attempts = Int32(clamping: record.attempts)
                    $0.createdAt = Google_Protobuf_Timestamp(date: record.createdAt)
                    if let settled = record.settledAt { $0.settledAt = Google_Protobuf_Timestamp(date: settled) }
                    $0.lastError = record.lastError ?? ""
                }
            }
        }
    }
}
