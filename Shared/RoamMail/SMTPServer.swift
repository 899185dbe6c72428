import Foundation
import RoamRuntime

/// Where mail is submitted, from `SMTP_URL`: `smtp://user:password@host:587` submits over STARTTLS (and
/// refuses a server that does not offer it), `smtps://user:password@host:465` speaks TLS from the
/// start, and `smtp://host:25?tls=none` sends in the clear (a relay on the same private network only).
/// The user and password are percent-encoded as in any URL.
public struct SMTPServer: Sendable, Equatable {
    public enum Security: String, Sendable {
        case startTLS
        case implicitTLS
        case none
    }

    public var host: String
    public var port: Int
    public var security: Security
    public var username: String?
    public var password: String?

    public init(host: String, port: Int, security: Security, username: String? = nil, password: String? = nil) {
        self.host = host
        self.port = port
        self.security = security
        self.username = username
        self.password = password
    }

    /// Nil with the reason when `text` is not such a URL; the reason never repeats the password.
    public static func parse(_ text: String) -> Result<SMTPServer, ConfigurationError> {
        guard let url = URLComponents(string: text), let scheme = url.scheme?.lowercased() else {
            return .failure(.init(variable: "SMTP_URL", problem: "expected smtp://user:password@host:587 or smtps://…:465"))
        }
        guard let host = url.host, !host.isEmpty else { return .failure(.init(variable: "SMTP_URL", problem: "has no host")) }
        let tls = url.queryItems?.first { $0.name == "tls" }?.value
        let security: Security
        switch (scheme, tls) {
        case ("smtp", nil), ("smtp", "starttls"): security = .startTLS
        case ("smtp", "none"): security = .none
        case ("smtps", nil): security = .implicitTLS
        default:
            return .failure(.init(variable: "SMTP_URL", problem: "expected the scheme smtp or smtps, and tls=starttls or tls=none"))
        }
        let port = url.port ?? (security == .implicitTLS ? 465 : 587)
        guard (1...65535).contains(port) else { return .failure(.init(variable: "SMTP_URL", problem: "has no valid port")) }
        let username = url.percentEncodedUser.flatMap { $0.removingPercentEncoding }
        let password = url.percentEncodedPassword.flatMap { $0.removingPercentEncoding }
        if username != nil, security == .none {
            return .failure(.init(variable: "SMTP_URL", problem: "sends a password without TLS (tls=none); use smtp:// with STARTTLS or smtps://"))
        }
        return .success(SMTPServer(host: host, port: port, security: security, username: username, password: password))
    }
}
