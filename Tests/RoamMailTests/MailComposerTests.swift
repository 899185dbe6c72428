import Foundation
import RoamMail
import Testing

@Suite struct MailComposerTests {
    static func mail(kind: String, language: String) -> QueuedMail {
        QueuedMail(
            id: UUID(), userID: UUID(), kind: kind, recipient: "asa@example.com", language: language,
            fields: ["username": "asa", "link": "https://diary.example/reset-password?token=a<b&c"], createdAt: Date())
    }

    @Test func writesTheUsersLanguageAndFallsBackToEnglish() async throws {
        let composer = try await MailComposer(
            from: MailboxAddress(name: "", address: "no-reply@diary.example"), product: "Trip Diary", publicURL: "https://diary.example")
        let swedish = try composer.message(for: Self.mail(kind: "resetPassword", language: "sv-SE"), at: Date())
        #expect(swedish.subject == "Välj ett nytt lösenord för Trip Diary")
        let english = try composer.message(for: Self.mail(kind: "resetPassword", language: "fi"), at: Date())
        #expect(english.subject == "Reset your Trip Diary password")
        // The link as it is in the text, escaped in the HTML.
        #expect(english.text.contains("https://diary.example/reset-password?token=a<b&c"))
        #expect(english.html.contains("token=a&lt;b&amp;c") && !english.html.contains("a<b"))
        #expect(english.text.contains("https://diary.example") && english.messageID.hasSuffix("@diary.example"))
    }

    @Test func everyKindHasEveryPartInEveryLanguage() async throws {
        let composer = try await MailComposer(
            from: MailboxAddress(name: "", address: "no-reply@diary.example"), product: "Roam", publicURL: "https://diary.example")
        for kind in ["verifyEmail", "resetPassword", "changeEmail", "emailChanged"] {
            for language in ["en", "sv"] {
                let message = try composer.message(for: Self.mail(kind: kind, language: language), at: Date())
                #expect(!message.subject.isEmpty && message.text.contains("asa") && message.html.contains("asa"), "\(kind) \(language)")
            }
        }
        #expect(throws: MailComposerError.self) { try composer.message(for: Self.mail(kind: "unknown", language: ""), at: Date()) }
    }

    @Test func anOperatorsTemplateReplacesTheBuiltInOne() async throws {
        let folder = NSTemporaryDirectory() + "roam-templates-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder + "/en", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "Welcome to {{product}}, {{username}}!".write(toFile: folder + "/en/verifyEmail.subject.mustache", atomically: true, encoding: .utf8)
        let composer = try await MailComposer(
            from: MailboxAddress(name: "", address: "no-reply@diary.example"), product: "Trip Diary", publicURL: "https://diary.example",
            overrides: folder)
        #expect(try composer.message(for: Self.mail(kind: "verifyEmail", language: ""), at: Date()).subject == "Welcome to Trip Diary, asa!")
        #expect(try composer.message(for: Self.mail(kind: "resetPassword", language: ""), at: Date()).subject == "Reset your Trip Diary password")
    }
}
