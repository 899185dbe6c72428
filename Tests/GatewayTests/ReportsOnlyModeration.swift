import Foundation
import GRPCCore
import GRPCProtobuf
import RoamProto
import RoamRuntime
import Synchronization

/// The moderation service's `Report` alone, for gateway tests without a moderation service of their
/// own: it keeps what was filed, by whom, and answers `created` for the first report of a subject by
/// a reporter, as moderation does. Every other method is unimplemented.
final class ReportsOnlyModeration: RegistrableRPCService, Sendable {
    struct Filed: Sendable, Equatable {
        var reporter: String
        var kind: String
        var id: String
        var reason: String
        var text: String
    }

    private let reports = Mutex<[Filed]>([])
    /// When set, `Report` fails with it (moderation down, or refusing).
    let failure = Mutex<RPCError?>(nil)

    var filed: [Filed] { reports.withLock { $0 } }

    func registerMethods<Transport: ServerTransport>(with router: inout RPCRouter<Transport>) {
        router.registerHandler(
            forMethod: Roam_Moderation_V1_ModerationService.Method.Report.descriptor,
            deserializer: ProtobufDeserializer<Roam_Moderation_V1_ReportRequest>(),
            serializer: ProtobufSerializer<Roam_Moderation_V1_ReportResponse>()
        ) { request, _ in
            let message = try await ServerRequest(stream: request).message
            if let failure = self.failure.withLock({ $0 }) { throw failure }
            guard case .user(let user) = CallContext.current.caller else { throw RPCError(code: .unauthenticated, message: "no user") }
            let filed = Filed(
                reporter: user.id.lowercasedString, kind: message.subject.kind, id: message.subject.id, reason: message.reason,
                text: message.text)
            let created = self.reports.withLock { reports in
                let isNew = !reports.contains { $0.reporter == filed.reporter && $0.kind == filed.kind && $0.id == filed.id }
                if isNew { reports.append(filed) }
                return isNew
            }
            return StreamingServerResponse(single: ServerResponse(message: .with { $0.created = created }, metadata: [:]))
        }
    }
}
