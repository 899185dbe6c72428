import Foundation
import Mustache

/// Turns a queued mail into the message sent: its kind's templates in the recipient's language
/// (English when there are none in it), filled with the mail's fields, the product's name and its URL.
public struct MailComposer: Sendable {
    public let from: MailboxAddress
    public let product: String
    public let publicURL: String
    let library: MustacheLibrary

    /// `overrides`: a folder of `<language>/<kind>.<subject|text|html>.mustache` files (and `layout.mustache`)
    /// that replace the built-in ones of the same name.
    public init(from: MailboxAddress, product: String, publicURL: String, overrides: String? = nil) async throws {
        self.from = from
        self.product = product
        self.publicURL = publicURL
        var library = MustacheLibrary()
        try library.register(BuiltinMailTemplates.layout, named: "layout")
        for (language, templates) in BuiltinMailTemplates.templates {
            for (name, text) in templates { try library.register(text, named: "\(language)/\(name)") }
        }
        if let overrides {
            let custom = try await MustacheLibrary(directory: overrides)
            for name in Self.names(in: overrides) {
                if let template = custom.getTemplate(named: name) { library.register(template, named: name) }
            }
        }
        self.library = library
    }

    public func message(for mail: QueuedMail, at date: Date) throws -> MailMessage {
        let language = languages(for: mail.language).first { library.getTemplate(named: "\($0)/\(mail.kind).subject") != nil }
        guard let language else { throw MailComposerError.noTemplate(kind: mail.kind) }
        var context: [String: String] = mail.fields
        context["product"] = product
        context["publicURL"] = publicURL
        context["language"] = language
        func render(_ part: String) -> String {
            library.render(context, withTemplate: "\(language)/\(mail.kind).\(part)") ?? ""
        }
        let subject = render("subject").trimmingCharacters(in: .whitespacesAndNewlines).replacingOccurrences(of: "\n", with: " ")
        context["subject"] = subject
        context["content"] = render("html")
        context["footer"] = library.render(context, withTemplate: "\(language)/footer") ?? ""
        let html = library.render(context, withTemplate: "layout") ?? ""
        return MailMessage(
            from: from, to: mail.recipient, subject: subject, text: render("text") + "\n\n-- \n" + (context["footer"] ?? ""),
            html: html, messageID: "\(mail.id.uuidString.lowercased())@\(from.domain)", date: date)
    }

    /// `sv-SE` → `sv-SE`, `sv`, `en`.
    func languages(for tag: String) -> [String] {
        var tags: [String] = []
        let tag = tag.replacingOccurrences(of: "_", with: "-")
        if !tag.isEmpty { tags.append(tag) }
        if let base = tag.split(separator: "-").first, String(base) != tag { tags.append(String(base)) }
        tags.append("en")
        return tags
    }

    /// The template names under `directory`, as `MustacheLibrary` names them.
    static func names(in directory: String) -> [String] {
        let root = URL(fileURLWithPath: directory).standardizedFileURL.path
        guard let walker = FileManager.default.enumerator(atPath: root) else { return [] }
        return walker.compactMap { $0 as? String }.filter { $0.hasSuffix(".mustache") }.map { String($0.dropLast(".mustache".count)) }
    }
}
