import Crypto
import Foundation
import Testing

@testable import RoamRuntime

/// The SCRAM-SHA-256 verifier the provisioner sends instead of a password, checked against RFC 7677's
/// worked exchange: its keys sign that exchange as the RFC's server and client did.
@Suite struct ScramVerifierTests {
    @Test func theKeysSignRFC7677sExchange() throws {
        let salt = try #require(Data(base64Encoded: "W22ZaJ0SNY7soEsUEjb6gQ=="))
        let verifier = ScramVerifier(password: "pencil", salt: Array(salt), iterations: 4096)
        let authMessage = Array(
            ("n=user,r=rOprNGfwEbeRWgbNEkqO,r=rOprNGfwEbeRWgbNEkqO%hvYDpWUa2RaTCAfuxFIlj)hNlF$k0,s=W22ZaJ0SNY7soEsUEjb6gQ==,i=4096,"
                + "c=biws,r=rOprNGfwEbeRWgbNEkqO%hvYDpWUa2RaTCAfuxFIlj)hNlF$k0").utf8)
        let serverSignature = HMAC<SHA256>.authenticationCode(for: authMessage, using: SymmetricKey(data: verifier.serverKey))
        #expect(Data(serverSignature).base64EncodedString() == "6rriTRBi23WpRR/wtup+mMhUZUn/dB5nLTJRsjl95G4=")
        // The client's proof, XORed with the signature its stored key makes, is its client key, whose hash is the stored key.
        let proof = try #require(Data(base64Encoded: "dHzbZapWIk4jUhN+Ute9ytag9zjfMHgsqmmiz7AndVQ="))
        let clientSignature = Array(HMAC<SHA256>.authenticationCode(for: authMessage, using: SymmetricKey(data: verifier.storedKey)))
        let clientKey = zip(Array(proof), clientSignature).map { $0 ^ $1 }
        #expect(Array(SHA256.hash(data: clientKey)) == verifier.storedKey)
        #expect(verifier.text.hasPrefix("SCRAM-SHA-256$4096:W22ZaJ0SNY7soEsUEjb6gQ==$"))
    }
}
