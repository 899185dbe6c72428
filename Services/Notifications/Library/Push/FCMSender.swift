import AsyncHTTPClient
import Foundation
import NIOCore

/// Firebase Cloud Messaging through its HTTP v1 API: `POST /v1/projects/<id>/messages:send` per device,
/// with an OAuth2 access token of the project's service account.
public struct FCMSender: PushSender {
    let client: HTTPClient
    let settings: FCMSettings
    let accessToken: FCMAccessToken

    init(client: HTTPClient, settings: FCMSettings) async {
        self.client = client
        self.settings = settings
        accessToken = await FCMAccessToken(settings: settings, client: client)
    }

    struct Problem: Decodable {
        struct Status: Decodable {
            let status: String?
            let message: String?
            let details: [Detail]?
        }
        struct Detail: Decodable {
            let errorCode: String?
        }
        let error: Status?
    }

    public func send(_ message: PushMessage, to device: Device) async -> PushOutcome {
        guard device.platform == .fcm else { return .refused(reason: "not an FCM device") }
        for attempt in 1...2 {
            let token: String
            do {
                token = try await accessToken.token()
            } catch {
                return .retry(after: nil, reason: "no FCM access token: \(error)")
            }
            do {
                var request = HTTPClientRequest(url: "\(settings.endpoint)/v1/projects/\(settings.projectID)/messages:send")
                request.method = .POST
                request.headers.add(name: "authorization", value: "Bearer \(token)")
                request.headers.add(name: "content-type", value: "application/json")
                request.body = .bytes(ByteBuffer(bytes: FCMPayload.body(of: message, token: device.token)))
                let response = try await client.execute(request, timeout: .seconds(30))
                let body = try await response.body.collect(upTo: 64 * 1024)
                let problem = (try? JSONDecoder().decode(Problem.self, from: Data(body.readableBytesView)))?.error
                let code = problem?.details?.compactMap(\.errorCode).first ?? problem?.status ?? ""
                let status = response.status.code
                switch status {
                case 200: return .delivered
                case 404,
                    _ where code == "UNREGISTERED":
                    return .unregistered(reason: code.isEmpty ? "NOT_FOUND" : code)
                case 401 where attempt == 1:
                    await accessToken.expire(token)
                    continue
                case 429, 500...599:
                    return .retry(after: RetryAfter.duration(response.headers.first(name: "retry-after")), reason: "FCM \(status) \(code)")
                default: return .refused(reason: "FCM \(status) \(code) \(problem?.message ?? "")")
                }
            } catch {
                return .retry(after: nil, reason: "FCM unreachable: \(error)")
            }
        }
        return .retry(after: nil, reason: "FCM refused a new access token")
    }
}
