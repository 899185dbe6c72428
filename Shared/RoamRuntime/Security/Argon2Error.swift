import CArgon2

/// A failure reported by libargon2, with its own description.
public struct Argon2Error: Error, CustomStringConvertible {
    public var code: Int32

    public var description: String {
        "argon2: " + String(cString: argon2_error_message(code))
    }
}
