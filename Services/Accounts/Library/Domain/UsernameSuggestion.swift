import Foundation
import RoamCore

/// Usernames made for accounts created through a provider, from the person's name or address.
enum UsernameSuggestion {
    /// Letters folded to a–z (accents dropped), words joined by `_`, at most 24 characters; `user`
    /// when nothing usable is left.
    static func base(name: String?, email: String) -> String {
        let source = name?.isEmpty == false ? name! : String(email.split(separator: "@").first ?? "")
        let folded = source.folding(options: [.diacriticInsensitive, .caseInsensitive, .widthInsensitive], locale: Locale(identifier: "en"))
            .lowercased()
        var result = ""
        for scalar in folded.unicodeScalars {
            if AccountRules.isUsernameScalar(scalar) {
                result.unicodeScalars.append(scalar)
            } else if scalar.properties.isWhitespace || scalar == "-", result.last != "_" {
                result.append("_")
            }
        }
        let trimmed = String(result.trimmingCharacters(in: CharacterSet(charactersIn: "_.")).prefix(24))
        return trimmed.count >= AccountRules.usernameLength.lowerBound ? trimmed : "user"
    }

    /// The base itself first, then with a number: small ones first, then random ones so a crowd of
    /// namesakes does not try the same names one after another.
    static func candidate(_ base: String, attempt: Int) -> String {
        switch attempt {
        case 0: base
        case 1..<5: "\(base)\(attempt + 1)"
        default: "\(base)\(Int.random(in: 10...999_999))"
        }
    }

    /// A provider's name for the person, held to the rules of a name they type: line breaks become
    /// spaces, and control, text-direction and invisible characters are dropped (nobody checked what the
    /// provider's profile holds, and `‮` in a name reverses what others see). What is left empty, or
    /// refused still, gives way to `fallback`.
    static func displayName(_ name: String?, fallback: String) -> String {
        var kept = String.UnicodeScalarView()
        for scalar in (name ?? "").unicodeScalars {
            if scalar.properties.isWhitespace {
                kept.append(" ")
            } else if scalar.properties.generalCategory != .control && !SpoofingCheck.isBidiControl(scalar) {
                kept.append(scalar)
            }
        }
        var cleaned = String(kept)
        while let hidden = SpoofingCheck.firstSpoofingScalar(inLine: cleaned) {
            cleaned.unicodeScalars.removeAll { $0 == hidden }
        }
        cleaned = String(cleaned.split(separator: " ").joined(separator: " ").prefix(AccountRules.displayNameLength.upperBound))
        var validation = Validation()
        AccountRules.checkDisplayName(cleaned, into: &validation)
        return validation.violations.isEmpty ? cleaned : fallback
    }
}
