import Foundation
import Logging
import RoamRuntime

/// How a process sends mail, from its environment: `MAIL_TRANSPORT` is `smtp` (with `SMTP_URL` and
/// `MAIL_FROM`), or `log` (development only: links carry live tokens, so a log must never hold them
/// outside a developer's machine).
public struct MailSettings: Sendable {
    public enum Transport: String, Sendable {
        case smtp
        case log
    }

    public var transport: Transport
    public var server: SMTPServer?
    /// A PEM file of the authorities to trust for the SMTP server's certificate instead of the system's.
    public var trustRoots: String?
    public var from: MailboxAddress
    public var product: String
    /// Folder of templates that replace the built-in ones.
    public var templates: String?
    /// The log transport's folder of `.eml` files.
    public var folder: String?
    public var longestPause: Duration

    public init(environment: Environment) throws(ConfigurationError) {
        let kind = try DeploymentKind(environment: environment)
        let fallback = kind == .development ? Transport.log.rawValue : ""
        let name = environment.string("MAIL_TRANSPORT", default: fallback)
        guard !name.isEmpty else {
            throw ConfigurationError(
                variable: "MAIL_TRANSPORT",
                problem:
                    "is not set: set smtp, with SMTP_URL (smtp://user:password@host:587) and MAIL_FROM; the log transport is for development only")
        }
        guard let transport = Transport(rawValue: name.lowercased()) else {
            throw ConfigurationError(variable: "MAIL_TRANSPORT", problem: "expected smtp or log, got \"\(name)\"")
        }
        if transport == .log, kind != .development {
            throw ConfigurationError(
                variable: "MAIL_TRANSPORT",
                problem:
                    "is log, which writes every link with its live token to the log: only ROAM_ENVIRONMENT=development may use it; set smtp with SMTP_URL and MAIL_FROM"
            )
        }
        self.transport = transport
        let url = environment.optionalString("SMTP_URL")
        if transport == .smtp {
            guard let url, !url.isEmpty else {
                throw ConfigurationError(variable: "SMTP_URL", problem: "is required with MAIL_TRANSPORT=smtp (smtp://user:password@host:587)")
            }
            let parsed = try SMTPServer.parse(url).get()
            if let password = parsed.password,
                let refusal = PublishedSecrets.refusal(of: password, variable: "SMTP_URL", part: "its password", kind: kind)
            {
                throw refusal
            }
            server = parsed
            guard !(environment.optionalString("MAIL_FROM") ?? "").isEmpty else {
                throw ConfigurationError(variable: "MAIL_FROM", problem: "is required with MAIL_TRANSPORT=smtp (\"Roam <no-reply@example.com>\")")
            }
        }
        trustRoots = environment.optionalString("SMTP_CA_PATH")
        let sender = environment.optionalString("MAIL_FROM") ?? ""
        from = try MailboxAddress.parse(sender.isEmpty ? "Roam <no-reply@localhost.localdomain>" : sender, variable: "MAIL_FROM")
        product = environment.string("MAIL_PRODUCT_NAME", default: "Roam")
        templates = environment.optionalString("MAIL_TEMPLATES_DIR")
        folder = environment.optionalString("MAIL_DIRECTORY")
        longestPause = try environment.duration("MAIL_RETRY_MAX_PAUSE", default: .seconds(300))
    }

    /// The transport these settings name.
    public func makeTransport(logger: Logger) throws -> any MailTransport {
        switch transport {
        case .log: return LogMailTransport(logger: logger, folder: folder)
        case .smtp:
            do {
                return SMTPMailTransport(client: try SMTPClient(server: server!, trustRoots: trustRoots, clientName: from.domain))
            } catch {
                throw ConfigurationError(variable: trustRoots == nil ? "SMTP_URL" : "SMTP_CA_PATH", problem: "cannot set up TLS: \(error)")
            }
        }
    }
}
