import Foundation
import JWTKit
import RoamRuntime

/// The accounts process verifies its own tokens with its own public key.
public struct LocalPublicKeySource: PublicKeySource {
    public let keys: [JSONWebKey]

    public func publicKeys() async throws -> [JSONWebKey] { keys }
}
