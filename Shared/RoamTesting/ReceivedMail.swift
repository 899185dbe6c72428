/// A message the test SMTP server accepted, as it parsed it.
public struct ReceivedMail: Decodable, Sendable {
    public var mailFrom: String
    public var rcptTos: [String]
    /// Whether it came over TLS, and after AUTH.
    public var tls: Bool
    public var authenticated: Bool
    public var headers: [String: String]
    /// The decoded parts.
    public var text: String
    public var html: String
    /// The message as it arrived.
    public var raw: String

    /// The first link in the text part that starts with `prefix`.
    public func link(startingWith prefix: String) -> String? {
        text.split(whereSeparator: \.isWhitespace).map(String.init).first { $0.hasPrefix(prefix) }
    }
}
