/// Characters that make text look like something it is not: bidi controls, which reorder what follows
/// (`‮gpj.exe` shows as `exe.jpg`), and invisible characters, which make two names that look the same
/// differ, or a name look empty. Emoji sequences and scripts that need joiners keep theirs.
public enum SpoofingCheck {
    /// The explicit embeddings, overrides and isolates (the "Trojan Source" characters).
    public static func isBidiOverride(_ scalar: Unicode.Scalar) -> Bool {
        (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
    }

    /// Every bidi control, the direction marks included.
    public static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
        isBidiOverride(scalar) || scalar.value == 0x200E || scalar.value == 0x200F || scalar.value == 0x061C
    }

    /// The first character of `text` that could make a one-line name or title look like something else:
    /// any bidi control, and any default-ignorable (invisible) code point except a zero-width joiner or
    /// non-joiner between two visible characters (emoji sequences, Persian, Indic scripts), a variation
    /// selector after a visible character, and the tag characters of a flag's emoji sequence.
    public static func firstSpoofingScalar(inLine text: String) -> Unicode.Scalar? {
        let scalars = Array(text.unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            if isBidiControl(scalar) { return scalar }
            guard scalar.properties.isDefaultIgnorableCodePoint else { continue }
            let before = index > 0 ? scalars[index - 1] : nil
            let after = index + 1 < scalars.count ? scalars[index + 1] : nil
            switch scalar.value {
            // (A `where` binds to the last pattern of a case only: one range per case.)
            case 0x200C...0x200D where isVisible(before) && isVisible(after):
                continue
            case 0xFE00...0xFE0F where isVisible(before):
                continue
            case 0xE0100...0xE01EF where isVisible(before):
                continue
            case 0xE0020...0xE007F where before.map { $0.properties.isEmoji || (0xE0020...0xE007F).contains($0.value) } ?? false:
                continue
            default:
                return scalar
            }
        }
        return nil
    }

    /// The first bidi override in a longer text (a description, a post): direction marks are part of
    /// writing mixed right-to-left text, but overrides and isolates only reorder what a reader sees.
    public static func firstSpoofingScalar(inBody text: String) -> Unicode.Scalar? {
        text.unicodeScalars.first(where: isBidiOverride)
    }

    private static func isVisible(_ scalar: Unicode.Scalar?) -> Bool {
        guard let scalar else { return false }
        return !scalar.properties.isDefaultIgnorableCodePoint && !scalar.properties.isWhitespace
    }

    /// How a refusal names a character: `U+202E`.
    public static func name(of scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
