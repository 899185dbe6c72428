/// One public key in JWKS shape (RFC 8037 OKP / Ed25519).
public struct JSONWebKey: Sendable, Equatable, Codable {
    public var kty: String
    public var crv: String
    public var x: String
    public var kid: String
    public var alg: String
    public var use: String

    public init(x: String, kid: String) {
        self.kty = "OKP"
        self.crv = "Ed25519"
        self.x = x
        self.kid = kid
        self.alg = "EdDSA"
        self.use = "sig"
    }
}
