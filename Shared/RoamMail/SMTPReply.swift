/// One reply of an SMTP server: its three-digit code and its text, one entry per line (RFC 5321 4.2).
public struct SMTPReply: Sendable, Equatable {
    public var code: Int
    public var lines: [String]

    public init(code: Int, lines: [String]) {
        self.code = code
        self.lines = lines
    }

    /// 4xx: the server may take it later.
    public var isTransientFailure: Bool { (400..<500).contains(code) }

    /// 5xx: the server will not take it.
    public var isPermanentFailure: Bool { code >= 500 }

    /// The reply as the server wrote it, on one line, for logs and the operator.
    public var text: String { "\(code) \(lines.joined(separator: " / "))" }
}
