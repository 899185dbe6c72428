import Foundation
import GRPCCore
import GRPCNIOTransportHTTP2
import RoamProto
import RoamRuntime

/// `roam mail`: the account mails' totals and the latest ones, asked of accounts
/// (`roam.mail.v1.MailReportService`) with a service credential.
enum MailCommand {
    static func run(status: String?, limit: Int, environment: [String: String]) async throws -> String {
        let settings = RoamRuntime.Environment(environment)
        let address = try settings.addresses("ACCOUNTS_ADDRESS", default: "127.0.0.1:50051")[0]
        let secret = try settings.serviceSecret(kind: try DeploymentKind(environment: settings))
        let credential = await ServiceCredential(serviceName: "roam-mail", secret: secret)
        let response = try await withGRPCClient(
            transport: .http2NIOPosix(target: .dns(host: address.host, port: address.port), transportSecurity: .plaintext)
        ) { client in
            try await Roam_Mail_V1_MailReportService.Client(wrapping: client).listMail(
                .with {
                    $0.status = status ?? ""
                    $0.limit = Int32(limit)
                }, metadata: ["authorization": "Bearer \(try await credential.token())"])
        }
        var lines = ["\(response.pending) pending, \(response.sent) sent, \(response.failed) failed (sent and failed are kept 30 days)"]
        lines += response.mails.map(describe)
        return lines.joined(separator: "\n")
    }

    static func describe(_ mail: Roam_Mail_V1_MailRecord) -> String {
        let when = mail.hasSettledAt ? " at \(time(mail.settledAt.date))" : ""
        let tries = "\(mail.attempts) tr\(mail.attempts == 1 ? "y" : "ies")"
        let error = mail.lastError.isEmpty ? "" : "\n    \(mail.lastError)"
        return "  \(time(mail.createdAt.date))  \(mail.kind) to \(mail.recipient)  \(mail.status)\(when), \(tries)\(error)"
    }

    private static func time(_ date: Date) -> String {
        date.formatted(.iso8601.year().month().day().time(includingFractionalSeconds: true).timeZone(separator: .omitted))
    }
}
