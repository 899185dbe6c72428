import Foundation
import OpenAPIRuntime
import RoamAPI
import RoamProto
import RoamRuntime

/// `POST /v1/reports`: a report to the platform's moderators, filed by the moderation service.
extension GatewayAPI {
    func fileReport(_ input: Operations.FileReport.Input) async throws -> Operations.FileReport.Output {
        let body =
            switch input.body {
            case .json(let body): body
            }
        let response = try await moderation.call { client, options in
            try await client.report(
                .with {
                    $0.subject = .with {
                        $0.kind = body.subject.kind.rawValue
                        $0.id = body.subject.id
                    }
                    $0.reason = body.reason.rawValue
                    $0.text = body.text ?? ""
                }, options: options)
        }
        let receipt = Components.Schemas.ModerationReportReceipt(reason: body.reason.rawValue, subject: body.subject)
        return response.created ? .created(.init(body: .json(receipt))) : .ok(.init(body: .json(receipt)))
    }
}
