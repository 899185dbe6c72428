/// A mail that cannot be written.
public enum MailComposerError: Error, Sendable, CustomStringConvertible {
    case noTemplate(kind: String)

    public var description: String {
        switch self {
        case .noTemplate(let kind): "no template for mails of kind \(kind)"
        }
    }
}
