import Foundation

/// Which version of the terms of service a user accepted, and when.
public struct TermsAcceptance: Sendable, Equatable {
    public var version: String
    public var acceptedAt: Date
}
