import AsyncHTTPClient
import Foundation
import JWTKit
import RoamRuntime
import RoamTesting
import Testing
import _CryptoExtras

@testable import Notifications

/// APNs and FCM senders against local servers that speak HTTP/2 over TLS (a test authority), checking
/// what Apple and Google check: the provider token or access token, the topic, the payload.
@Suite struct PushSenderTests {
    static let device = Device(
        DeviceRegistration(token: String(repeating: "ab", count: 32), platform: .apns, apnsEnvironment: .sandbox, topic: nil, language: "sv"),
        userID: UUID(), at: Date())
    static let message = PushMessage(
        id: UUID(), title: "Budget", body: "80 % of Lisbon's budget is spent", kind: "budget_alert", data: ["tripId": "t1", "percent": "80"],
        threadID: "trip:t1", badge: 3, collapseID: "budget:t1", expiration: Date(timeIntervalSince1970: 1_900_000_000))

    /// A server, a client trusting its authority, and APNs settings with a fresh key pointed at it.
    static func withAPNs(_ body: (PushTestServer, APNsSender, ES256PrivateKey) async throws -> Void) async throws {
        let server = try await PushTestServer.start()
        let client = try PushHTTPClient.make(trustRoots: server.certificateAuthority)
        let key = ES256PrivateKey()
        let settings = APNsSettings(
            key: key, keyID: "KEY1234567", teamID: "TEAM123456", topic: "com.example.diary", productionEndpoint: server.url,
            sandboxEndpoint: server.url)
        do {
            try await body(server, await APNsSender(client: client, settings: settings), key)
        } catch {
            try? await client.shutdown()
            await server.stop()
            throw error
        }
        try await client.shutdown()
        await server.stop()
    }

    @Test func anAPNsPushCarriesAVerifiableProviderTokenTheTopicAndThePayload() async throws {
        try await Self.withAPNs { server, sender, key in
            #expect(await sender.send(Self.message, to: Self.device) == .delivered)
            let request = try #require(server.received.first)
            #expect(request.method == "POST" && request.path == "/3/device/\(Self.device.token)")
            #expect(request.headers["apns-topic"] == "com.example.diary" && request.headers["apns-push-type"] == "alert")
            #expect(request.headers["apns-id"] == Self.message.id.uuidString.lowercased())
            #expect(request.headers["apns-collapse-id"] == "budget:t1" && request.headers["apns-expiration"] == "1900000000")
            // Apple checks the token with the key's public half: so does the test.
            let bearer = try #require(request.headers["authorization"]?.split(separator: " ").last.map(String.init))
            let keys = await JWTKeyCollection().add(ecdsa: key.publicKey, kid: "KEY1234567")
            let claims = try await keys.verify(bearer, as: APNsProviderClaims.self)
            #expect(claims.iss == "TEAM123456" && abs(Double(claims.iat) - Date().timeIntervalSince1970) < 60)
            let header = try #require(
                try JSONSerialization.jsonObject(with: Data(base64URLEncoded: String(bearer.split(separator: ".")[0]))!) as? [String: String])
            #expect(header["alg"] == "ES256" && header["kid"] == "KEY1234567")
            let aps = try #require(request.json["aps"] as? [String: Any])
            #expect((aps["alert"] as? [String: String]) == ["title": "Budget", "body": "80 % of Lisbon's budget is spent"])
            #expect(aps["badge"] as? Int == 3 && aps["thread-id"] as? String == "trip:t1")
            #expect(request.json["kind"] as? String == "budget_alert" && request.json["tripId"] as? String == "t1")

            // The same token serves the next push: Apple refuses tokens remade more than every 20 minutes.
            #expect(await sender.send(Self.message, to: Self.device) == .delivered)
            #expect(server.received[1].headers["authorization"] == request.headers["authorization"])
        }
    }

    @Test func apnsAnswersBecomeOutcomes() async throws {
        try await Self.withAPNs { server, sender, _ in
            server.respond { _ in PushTestResponse(status: 410, body: #"{"reason":"Unregistered","timestamp":1700000000000}"#) }
            #expect(await sender.send(Self.message, to: Self.device) == .unregistered(reason: "Unregistered"))
            server.respond { _ in PushTestResponse(status: 400, body: #"{"reason":"BadDeviceToken"}"#) }
            #expect(await sender.send(Self.message, to: Self.device) == .unregistered(reason: "BadDeviceToken"))
            server.respond { _ in PushTestResponse(status: 429, headers: ["retry-after": "7"], body: #"{"reason":"TooManyRequests"}"#) }
            #expect(await sender.send(Self.message, to: Self.device) == .retry(after: .seconds(7), reason: "APNs 429 TooManyRequests"))
            server.respond { _ in PushTestResponse(status: 503, body: #"{"reason":"ServiceUnavailable"}"#) }
            #expect(await sender.send(Self.message, to: Self.device) == .retry(after: nil, reason: "APNs 503 ServiceUnavailable"))
            server.respond { _ in PushTestResponse(status: 413, body: #"{"reason":"PayloadTooLarge"}"#) }
            #expect(await sender.send(Self.message, to: Self.device) == .refused(reason: "APNs 413 PayloadTooLarge"))
        }
    }

    @Test func aServerBackFromAnOutageIsReachedAgain() async throws {
        try await Self.withAPNs { server, sender, _ in
            #expect(await sender.send(Self.message, to: Self.device) == .delivered)
            await server.pause()
            let down = await sender.send(Self.message, to: Self.device)
            guard case .retry = down else {
                Issue.record("a push to a server that is down answered \(down)")
                return
            }
            try await server.resume()
            #expect(await sender.send(Self.message, to: Self.device) == .delivered)
        }
    }

    @Test func anExpiredProviderTokenIsMadeAgainOnce() async throws {
        try await Self.withAPNs { server, sender, _ in
            server.respond { request in
                // The first token is called expired; a new one is taken.
                request.headers["authorization"] == server.received.first?.headers["authorization"]
                    ? PushTestResponse(status: 403, body: #"{"reason":"ExpiredProviderToken"}"#) : PushTestResponse()
            }
            #expect(await sender.send(Self.message, to: Self.device) == .delivered)
            #expect(server.received.count == 2 && server.received[0].headers["authorization"] != server.received[1].headers["authorization"])
        }
    }

    @Test func anUnreachableServerIsRetriedAndAMissingTopicRefused() async throws {
        let server = try await PushTestServer.start()
        let client = try PushHTTPClient.make(trustRoots: server.certificateAuthority)
        await server.stop()
        let settings = APNsSettings(
            key: ES256PrivateKey(), keyID: "KEY1234567", teamID: "TEAM123456", topic: nil, productionEndpoint: server.url, sandboxEndpoint: server.url
        )
        let sender = await APNsSender(client: client, settings: settings)
        var withTopic = Self.device
        withTopic.topic = "com.example.diary"
        guard case .retry(nil, let reason) = await sender.send(Self.message, to: withTopic) else {
            Issue.record("a push to a server that is down is not retried")
            return
        }
        #expect(reason.hasPrefix("APNs unreachable"))
        #expect(
            await sender.send(Self.message, to: Self.device) == .refused(reason: "no topic: the device names no bundle id and APNS_TOPIC is unset"))
        try await client.shutdown()
    }

    /// A service-account key file of a fresh RSA key, naming `server` as its token endpoint.
    static func serviceAccount(tokenURI: String) throws -> (json: String, key: JWTKit.Insecure.RSA.PrivateKey) {
        let rsa = try _RSA.Signing.PrivateKey(keySize: .bits2048)
        let json = String(
            decoding: try JSONSerialization.data(withJSONObject: [
                "type": "service_account", "project_id": "roam-test", "client_email": "push@roam-test.iam.gserviceaccount.com",
                "private_key": rsa.pemRepresentation, "token_uri": tokenURI,
            ]), as: UTF8.self)
        return (json, try JWTKit.Insecure.RSA.PrivateKey(backing: rsa))
    }

    @Test func anFCMPushTradesASignedAssertionForAnAccessTokenAndSendsTheMessage() async throws {
        let server = try await PushTestServer.start { request in
            request.path == "/token"
                ? PushTestResponse(body: #"{"access_token":"ya29.test-token","expires_in":3600,"token_type":"Bearer"}"#)
                : PushTestResponse(body: #"{"name":"projects/roam-test/messages/1"}"#)
        }
        let client = try PushHTTPClient.make(trustRoots: server.certificateAuthority)
        let (json, key) = try Self.serviceAccount(tokenURI: "\(server.url)/token")
        let settings = try #require(
            try FCMSettings(environment: Environment(["FCM_SERVICE_ACCOUNT_KEY": json, "FCM_ENDPOINT": server.url])))
        let sender = await FCMSender(client: client, settings: settings)
        let device = Device(DeviceRegistration(token: "fcm-token:APA91b", platform: .fcm), userID: UUID(), at: Date())
        #expect(await sender.send(Self.message, to: device) == .delivered)
        #expect(await sender.send(Self.message, to: device) == .delivered)

        // One token asked for: a form with the assertion, signed with the service account's key.
        let tokenRequests = server.received.filter { $0.path == "/token" }
        #expect(tokenRequests.count == 1)
        let form = String(decoding: try #require(tokenRequests.first).body, as: UTF8.self)
        #expect(form.hasPrefix("grant_type=urn%3Aietf%3Aparams%3Aoauth%3Agrant-type%3Ajwt-bearer&assertion="))
        let assertion = String(form.split(separator: "=").last ?? "")
        let keys = await JWTKeyCollection().add(rsa: key.publicKey, digestAlgorithm: .sha256)
        let claims = try await keys.verify(assertion, as: FCMAssertionClaims.self)
        #expect(claims.iss == "push@roam-test.iam.gserviceaccount.com" && claims.aud == "\(server.url)/token" && claims.exp - claims.iat == 3600)
        #expect(claims.scope == "https://www.googleapis.com/auth/firebase.messaging")

        let sends = server.received.filter { $0.path == "/v1/projects/roam-test/messages:send" }
        #expect(sends.count == 2 && sends.allSatisfy { $0.headers["authorization"] == "Bearer ya29.test-token" })
        let message = try #require(sends.first?.json["message"] as? [String: Any])
        #expect(message["token"] as? String == "fcm-token:APA91b")
        #expect((message["notification"] as? [String: String]) == ["title": "Budget", "body": "80 % of Lisbon's budget is spent"])
        let data = try #require(message["data"] as? [String: String])
        #expect(data["kind"] == "budget_alert" && data["tripId"] == "t1" && data["id"] == Self.message.id.uuidString.lowercased())
        #expect((message["android"] as? [String: Any])?["collapse_key"] as? String == "budget:t1")

        // An unregistered token, a refused access token, a busy server.
        server.respond { request in
            request.path == "/token"
                ? PushTestResponse(body: #"{"access_token":"ya29.second","expires_in":3600}"#)
                : PushTestResponse(
                    status: 404,
                    body:
                        #"{"error":{"code":404,"status":"NOT_FOUND","details":[{"@type":"type.googleapis.com/google.firebase.fcm.v1.FcmError","errorCode":"UNREGISTERED"}]}}"#
                )
        }
        #expect(await sender.send(Self.message, to: device) == .unregistered(reason: "UNREGISTERED"))
        server.respond { request in
            if request.path == "/token" { return PushTestResponse(body: #"{"access_token":"ya29.second","expires_in":3600}"#) }
            return request.headers["authorization"] == "Bearer ya29.second"
                ? PushTestResponse(status: 503, headers: ["retry-after": "30"], body: #"{"error":{"status":"UNAVAILABLE"}}"#)
                : PushTestResponse(status: 401, body: #"{"error":{"status":"UNAUTHENTICATED"}}"#)
        }
        #expect(await sender.send(Self.message, to: device) == .retry(after: .seconds(30), reason: "FCM 503 UNAVAILABLE"))
        #expect(server.received.filter { $0.path == "/token" }.count == 2, "the refused token was traded again")
        try await client.shutdown()
        await server.stop()
    }

    @Test func pushSettingsAreCheckedAtStart() throws {
        #expect(try APNsSettings(environment: Environment([:])) == nil)
        let pem = ES256PrivateKey().pemRepresentation
        #expect(throws: ConfigurationError.self) { try APNsSettings(environment: Environment(["APNS_KEY": "not a key"])) }
        #expect {
            try APNsSettings(environment: Environment(["APNS_KEY": pem, "APNS_KEY_ID": "short", "APNS_TEAM_ID": "TEAM123456"]))
        } throws: { ($0 as? ConfigurationError)?.variable == "APNS_KEY_ID" }
        let apns = try #require(
            try APNsSettings(environment: Environment(["APNS_KEY": pem, "APNS_KEY_ID": "KEY1234567", "APNS_TEAM_ID": "TEAM123456"])))
        #expect(apns.productionEndpoint == APNsSettings.production && apns.sandboxEndpoint == APNsSettings.sandbox && apns.topic == nil)
        #expect(try FCMSettings(environment: Environment([:])) == nil)
        #expect {
            try FCMSettings(environment: Environment(["FCM_SERVICE_ACCOUNT_KEY": #"{"project_id":"p"}"#]))
        } throws: { ($0 as? ConfigurationError)?.variable == "FCM_SERVICE_ACCOUNT_KEY" }
        #expect(RetryAfter.duration("120") == .seconds(120))
        #expect(RetryAfter.duration("Wed, 21 Oct 2026 07:28:30 GMT", now: ISO8601DateFormatter().date(from: "2026-10-21T07:28:00Z")!) == .seconds(30))
        #expect(RetryAfter.duration("soon") == nil)
    }
}
