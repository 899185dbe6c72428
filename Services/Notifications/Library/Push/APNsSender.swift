import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// Apple's push service through its provider API: HTTP/2 over TLS, authenticated with an ES256 provider
/// token, one `POST /3/device/<token>` per push.
public struct APNsSender: PushSender {
    let client: HTTPClient
    let settings: APNsSettings
    let providerToken: APNsProviderToken

    init(client: HTTPClient, settings: APNsSettings) async {
        self.client = client
        self.settings = settings
        providerToken = await APNsProviderToken(settings: settings)
    }

    /// Reasons Apple gives for a token that will never work again.
    static let deadTokenReasons: Set<String> = ["BadDeviceToken", "DeviceTokenNotForTopic", "Unregistered"]

    public func send(_ message: PushMessage, to device: Device) async -> PushOutcome {
        guard device.platform == .apns else { return .refused(reason: "not an APNs device") }
        guard let topic = device.topic ?? settings.topic else {
            return .refused(reason: "no topic: the device names no bundle id and APNS_TOPIC is unset")
        }
        // A provider token Apple calls expired is made again once, at once.
        for attempt in 1...2 {
            do {
                let token = try await providerToken.token()
                let (status, headers, reason) = try await post(message, to: device, topic: topic, bearer: token)
                switch status {
                case 200: return .delivered
                case 410: return .unregistered(reason: reason.isEmpty ? "Unregistered" : reason)
                case 400 where Self.deadTokenReasons.contains(reason): return .unregistered(reason: reason)
                case 403 where reason == "ExpiredProviderToken" && attempt == 1:
                    await providerToken.expire(token)
                    continue
                case 429, 500...599:
                    return .retry(after: RetryAfter.duration(headers.first(name: "retry-after")), reason: "APNs \(status) \(reason)")
                default: return .refused(reason: "APNs \(status) \(reason)")
                }
            } catch {
                return .retry(after: nil, reason: "APNs unreachable: \(error)")
            }
        }
        return .retry(after: nil, reason: "APNs refused a new provider token")
    }

    private func post(_ message: PushMessage, to device: Device, topic: String, bearer: String) async throws -> (UInt, HTTPHeaders, String) {
        let endpoint = device.apnsEnvironment == .sandbox ? settings.sandboxEndpoint : settings.productionEndpoint
        var request = HTTPClientRequest(url: "\(endpoint)/3/device/\(device.token)")
        request.method = .POST
        request.headers.add(name: "authorization", value: "bearer \(bearer)")
        request.headers.add(name: "apns-topic", value: topic)
        request.headers.add(name: "apns-push-type", value: "alert")
        request.headers.add(name: "apns-priority", value: "10")
        request.headers.add(name: "apns-id", value: message.id.uuidString.lowercased())
        request.headers.add(name: "apns-expiration", value: String(Int(message.expiration?.timeIntervalSince1970 ?? 0)))
        if let collapse = message.collapseID {
            request.headers.add(name: "apns-collapse-id", value: String(decoding: collapse.utf8.prefix(64), as: UTF8.self))
        }
        request.headers.add(name: "content-type", value: "application/json")
        request.body = .bytes(ByteBuffer(bytes: APNsPayload.body(of: message)))
        let response = try await client.execute(request, timeout: .seconds(30))
        let body = try await response.body.collect(upTo: 64 * 1024)
        struct Problem: Decodable { let reason: String }
        let reason = (try? JSONDecoder().decode(Problem.self, from: Data(body.readableBytesView)))?.reason ?? ""
        return (response.status.code, response.headers, reason)
    }
}
