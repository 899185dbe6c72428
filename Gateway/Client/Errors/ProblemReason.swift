/// A problem's stable code (`USERNAME_TAKEN`), as a constant to match on: every one the contract lists
/// is here (`.usernameTaken`), generated from it. One a newer gateway adds still arrives, as its text.
///
/// ```swift
/// } catch let error where error.roamProblem?.reason == .usernameTaken {
/// ```
public struct ProblemReason: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public init(stringLiteral value: String) {
        self.rawValue = value
    }

    public var description: String { rawValue }
}
