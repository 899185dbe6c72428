/// Where a process gets the public keys that user access tokens are verified with.
public protocol PublicKeySource: Sendable {
    func publicKeys() async throws -> [JSONWebKey]
}
