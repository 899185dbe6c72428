import Foundation
import RoamRuntime

/// A sender as `MAIL_FROM` gives it: `no-reply@example.com` or `Roam <no-reply@example.com>`.
public struct MailboxAddress: Sendable, Equatable {
    public var name: String
    public var address: String

    public init(name: String, address: String) {
        self.name = name
        self.address = address
    }

    public static func parse(_ text: String, variable: String) throws(ConfigurationError) -> MailboxAddress {
        let text = text.trimmingCharacters(in: .whitespaces)
        var name = ""
        var address = text
        if let open = text.lastIndex(of: "<"), text.hasSuffix(">") {
            name = text[..<open].trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            address = String(text[text.index(after: open)..<text.index(before: text.endIndex)])
        }
        let parts = address.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, parts[1].contains("."), !address.contains(where: { $0.isWhitespace || "<>\"\r\n".contains($0) }),
            !name.contains(where: { $0.isNewline })
        else {
            throw ConfigurationError(
                variable: variable, problem: "expected an address such as no-reply@example.com or \"Roam <no-reply@example.com>\"")
        }
        return MailboxAddress(name: name, address: address)
    }

    /// The domain, for Message-ID.
    public var domain: String { String(address.split(separator: "@").last ?? "localhost") }
}
