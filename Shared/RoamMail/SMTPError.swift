/// Why an SMTP exchange ended without the server taking the message.
public enum SMTPError: Error, Sendable, CustomStringConvertible {
    /// The server answered `reply` to `command` (the command's name only, never its arguments).
    case refused(command: String, reply: SMTPReply)
    /// The server does not offer STARTTLS, and the URL asks for it.
    case startTLSNotOffered
    /// The URL gives credentials but the server offers neither AUTH PLAIN nor AUTH LOGIN.
    case noAuthMechanism(offered: String)
    case malformedReply(String)
    /// The connection closed before the server answered.
    case connectionClosed
    case timedOut

    public var description: String {
        switch self {
        case .refused(let command, let reply): "the server answered \(command) with \(reply.text)"
        case .startTLSNotOffered: "the server does not offer STARTTLS (use smtps:// for TLS from the start)"
        case .noAuthMechanism(let offered): "the server offers no AUTH PLAIN or LOGIN (offered: \(offered.isEmpty ? "none" : offered))"
        case .malformedReply(let text): "the server sent what is not an SMTP reply: \(text)"
        case .connectionClosed: "the server closed the connection"
        case .timedOut: "the server did not answer in time"
        }
    }
}
