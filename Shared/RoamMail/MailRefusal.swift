/// The mail server refused a message for good (a 5xx to the sender, the recipient or the content).
public struct MailRefusal: Error, Sendable, CustomStringConvertible {
    public var reason: String

    public init(reason: String) {
        self.reason = reason
    }

    public var description: String { reason }
}
