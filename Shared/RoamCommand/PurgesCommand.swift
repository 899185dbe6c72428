import Foundation
import GRPCCore
import GRPCNIOTransportHTTP2
import RoamProto
import RoamRuntime

/// `roam purges [USER_ID]`: which services have forgotten a deleted account, and when — asked of
/// accounts (`roam.purge.v1.PurgeReportService`) with a service credential.
enum PurgesCommand {
    static func run(userID: String?, environment: [String: String]) async throws -> String {
        let settings = RoamRuntime.Environment(environment)
        let address = try settings.addresses("ACCOUNTS_ADDRESS", default: "127.0.0.1:50051")[0]
        let secret = try settings.serviceSecret(kind: try DeploymentKind(environment: settings))
        let credential = await ServiceCredential(serviceName: "roam-purges", secret: secret)
        let response = try await withGRPCClient(
            transport: .http2NIOPosix(
                target: .dns(host: address.host, port: address.port),
                transportSecurity: .plaintext)
        ) { client in
            try await Roam_Purge_V1_PurgeReportService.Client(wrapping: client).listPurges(
                .with {
                    $0.topic = "user_deleted"
                    $0.subjectID = userID ?? ""
                }, metadata: ["authorization": "Bearer \(try await credential.token())"])
        }
        if response.purges.isEmpty {
            return userID.map { "no deletion of user \($0) is on record (records are kept 90 days)" } ?? "no account was deleted in the last 90 days"
        }
        return response.purges.map(describe).joined(separator: "\n")
    }

    static func describe(_ purge: Roam_Purge_V1_PurgeProgress) -> String {
        let state =
            purge.hasCompletedAt
            ? "forgotten everywhere at \(time(purge.completedAt.date))"
            : "pending after \(purge.attempts) round\(purge.attempts == 1 ? "" : "s"), next at \(time(purge.nextAttemptAt.date))"
        let width = purge.receipts.map(\.service.count).max() ?? 0
        let lines = purge.receipts.map { receipt in
            let name = receipt.service.padding(toLength: width, withPad: " ", startingAt: 0)
            return "  \(name)  " + (receipt.hasAcknowledgedAt ? "acknowledged \(time(receipt.acknowledgedAt.date))" : "not yet")
        }
        return (["user \(purge.subjectID)  deleted \(time(purge.announcedAt.date))  \(state)"] + lines).joined(separator: "\n")
    }

    private static func time(_ date: Date) -> String {
        date.formatted(.iso8601.year().month().day().time(includingFractionalSeconds: true).timeZone(separator: .omitted))
    }
}
