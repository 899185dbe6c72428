import Foundation
import RoamCore

/// The shapes Roam accepts for account fields.
public enum AccountRules {
    public static let usernameLength = 3...30
    public static let minimumPasswordLength = 8
    public static let maximumPasswordLength = 256
    public static let displayNameLength = 1...50
    public static let bioLength = 0...500

    public static func checkEmail(_ email: String, field: String = "email", into validation: inout Validation) {
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        let valid =
            email.count <= 254 && parts.count == 2 && !parts[0].isEmpty && parts[0].count <= 64
            && parts[1].contains(".") && !parts[1].hasPrefix(".") && !parts[1].hasSuffix(".") && !parts[1].contains("..")
            && !email.contains(where: { $0.isWhitespace || $0 == "\u{0}" })
        validation.require(valid, field, "must be an email address such as name@example.com")
    }

    /// A username as it is stored and compared: trimmed, NFKC-folded (full-width `ａｄａ` is `ada`) and
    /// lower-cased. Every lookup by name goes through this, so two spellings of one name are one account.
    public static func folded(username: String) -> String {
        username.trimmingWhitespace().precomposedStringWithCompatibilityMapping.lowercased()
            .precomposedStringWithCompatibilityMapping
    }

    /// Checked on Unicode scalars, not characters: `a` followed by an invisible variation selector is one
    /// character that sorts between `a` and `z`, but two scalars, one of which is not allowed.
    public static func checkUsername(_ username: String, into validation: inout Validation) {
        validation.require(
            usernameLength.contains(username.unicodeScalars.count) && username.unicodeScalars.allSatisfy(isUsernameScalar),
            "username", "must be 3 to 30 characters of a-z, 0-9, _ and .")
    }

    public static func checkPassword(_ password: String, field: String, into validation: inout Validation) {
        if password.count < minimumPasswordLength {
            validation.fail(field, "must be at least \(minimumPasswordLength) characters")
        } else if password.utf8.count > maximumPasswordLength {
            validation.fail(field, "must be at most \(maximumPasswordLength) bytes")
        } else if BreachedPasswords.contains(password) {
            validation.fail(field, "is too common; choose a less guessable password")
        }
    }

    public static func checkDisplayName(_ name: String, into validation: inout Validation) {
        validation.requireStorable(name, "display_name")
        validation.require(
            displayNameLength.contains(name.count) && !name.contains(where: \.isNewline),
            "display_name", "must be 1 to 50 characters on one line")
        validation.requireNoSpoofing(line: name, "display_name")
    }

    /// A given or family name: up to 100 characters on one line, or empty to have none.
    public static func checkPersonalName(_ name: String, _ field: String, into validation: inout Validation) {
        if !name.isEmpty { validation.requireLine(name, field, maxLength: 100) }
    }

    /// A BCP 47 language tag as apps send them, or "" for English.
    public static func checkLanguage(_ tag: String, into validation: inout Validation) {
        validation.requireLanguageTag(tag, "language")
    }

    static func isUsernameScalar(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "_" || scalar == "."
    }
}

extension String {
    func trimmingWhitespace() -> String {
        var slice = self[...]
        while slice.first?.isWhitespace == true { slice = slice.dropFirst() }
        while slice.last?.isWhitespace == true { slice = slice.dropLast() }
        return String(slice)
    }
}
