import AsyncHTTPClient
import Foundation
import JWTKit
import NIOCore

/// The OAuth2 access token FCM's v1 API takes: a JWT signed with the service account's key, traded at
/// its `token_uri`, kept until five minutes before it expires (or until FCM refuses it).
actor FCMAccessToken {
    private let keys = JWTKeyCollection()
    private let settings: FCMSettings
    private let client: HTTPClient
    private var current: (token: String, expires: Date)?

    init(settings: FCMSettings, client: HTTPClient) async {
        self.settings = settings
        self.client = client
        await keys.add(rsa: settings.key, digestAlgorithm: .sha256)
    }

    struct Answer: Decodable {
        let access_token: String
        let expires_in: Int?
    }

    func token(now: Date = Date()) async throws -> String {
        if let current, current.expires.timeIntervalSince(now) > 300 { return current.token }
        let issued = Int(now.timeIntervalSince1970)
        let assertion = try await keys.sign(
            FCMAssertionClaims(iss: settings.clientEmail, scope: FCMSettings.scope, aud: settings.tokenURI, iat: issued, exp: issued + 3600))
        var request = HTTPClientRequest(url: settings.tokenURI)
        request.method = .POST
        request.headers.add(name: "content-type", value: "application/x-www-form-urlencoded")
        request.body = .bytes(ByteBuffer(string: "grant_type=urn%3Aietf%3Aparams%3Aoauth%3Agrant-type%3Ajwt-bearer&assertion=\(assertion)"))
        let response = try await client.execute(request, timeout: .seconds(30))
        let body = try await response.body.collect(upTo: 64 * 1024)
        guard response.status.code == 200, let answer = try? JSONDecoder().decode(Answer.self, from: Data(body.readableBytesView)) else {
            throw FCMTokenRefusal(status: response.status.code, body: String(buffer: body))
        }
        current = (answer.access_token, now.addingTimeInterval(TimeInterval(answer.expires_in ?? 3600)))
        return answer.access_token
    }

    /// FCM refused the token: the next push asks for a new one.
    func expire(_ token: String) {
        if current?.token == token { current = nil }
    }
}
