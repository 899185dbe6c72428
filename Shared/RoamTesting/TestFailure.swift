/// A step of a test's set-up that did not go as it must, saying what happened.
public struct TestFailure: Error, CustomStringConvertible {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}
