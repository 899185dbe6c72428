import Foundation
import GRPCCore
import RoamCore
import RoamProto
import Testing

@testable import Accounts

/// Names that look alike are one name, and names cannot hide characters that change what a reader sees.
@Suite struct IdentityHygieneTests {
    static func signUp(_ client: AccountsClient, username: String, displayName: String = "Walker") async -> RPCError? {
        await AccountsHarness.refusal {
            try await client.signUp(
                .with {
                    $0.email = "\(UUID().uuidString.prefix(8))@example.com"
                    $0.username = username
                    $0.password = "correct horse battery"
                    $0.displayName = displayName
                })
        }
    }

    @Test func usernamesAreCheckedAndComparedOnFoldedScalars() async throws {
        try await AccountsHarness.run { client, _ in
            let base = "ada\(UUID().uuidString.prefix(6).lowercased())"
            #expect(await Self.signUp(client, username: base) == nil)
            // An invisible variation selector, a zero-width space, a right-to-left mark: one character
            // each with a letter, but scalars no username may hold.
            for hidden in ["\u{FE0F}", "\u{200B}", "\u{200F}", "\u{00AD}", "\u{202E}"] {
                let refusal = await Self.signUp(client, username: base + hidden)
                #expect(refusal?.reason == "INVALID_FIELD" && refusal?.violatedFields == ["username"], "\(hidden.unicodeScalars.first!)")
            }
            // Full-width and upper-case spellings fold onto the plain name: taken, and they sign in.
            let wide = String(
                String.UnicodeScalarView(
                    base.unicodeScalars.map { scalar in
                        scalar.properties.isASCIIHexDigit || ("a"..."z").contains(scalar) ? Unicode.Scalar(scalar.value + 0xFEE0)! : scalar
                    })
            ).uppercased()
            #expect(await Self.signUp(client, username: wide)?.reason == "USERNAME_TAKEN")
            _ = try await client.logIn(
                .with {
                    $0.identifier = wide; $0.password = "correct horse battery"
                })
        }
        #expect(AccountRules.folded(username: " ＡＤＡ_１ ") == "ada_1")
    }

    @Test func displayNamesRefuseBidiControlsAndInvisibleCharacters() async throws {
        try await AccountsHarness.run { client, _ in
            for spoof in ["Ada\u{202E}nimda", "\u{200B}", "Ada\u{2066}x\u{2069}", "A\u{200B}da", "Ada\u{200F}", "\u{3164}", "Ada\u{FEFF}"] {
                let refusal = await Self.signUp(client, username: "n\(UUID().uuidString.prefix(8).lowercased())", displayName: spoof)
                #expect(refusal?.violatedFields == ["display_name"], "\(spoof.unicodeScalars.map(SpoofingCheck.name(of:)))")
            }
            // Emoji sequences and scripts that need joiners keep them.
            for fine in ["👨‍👩‍👧 family", "❤️ Ada", "می‌خواهم", "🏴󠁧󠁢󠁳󠁣󠁴󠁿 Isla", "Zoë", "李小龍", "Jo\u{0301}se"] {
                #expect(await Self.signUp(client, username: "n\(UUID().uuidString.prefix(8).lowercased())", displayName: fine) == nil, "\(fine)")
            }
        }
    }

    @Test func titlesAndTextsRefuseTextDirectionOverrides() {
        var validation = Validation()
        validation.requireLine("Trip to \u{202E}nodnol", "title", maxLength: 200)
        validation.requireBody("Meet at the \u{2067}gate\u{2069}", "description", maxLength: 2000)
        validation.requireBody("שלום \u{200F}(Hello)", "note", maxLength: 2000)
        validation.requireLine("Lisbon 🇵🇹", "name", maxLength: 200)
        #expect(validation.violations.map(\.field) == ["title", "description"])
    }
}
