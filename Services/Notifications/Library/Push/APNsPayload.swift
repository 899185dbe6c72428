import Foundation

/// The JSON body of an APNs push: `aps` (the alert, the badge, the thread) and, beside it, what the app
/// opens: `kind`, `id` and the notification's data.
enum APNsPayload {
    static func body(of message: PushMessage) -> Data {
        var alert: [String: Any] = ["title": message.title, "body": message.body]
        if message.title.isEmpty { alert["title"] = nil }
        var aps: [String: Any] = ["alert": alert, "badge": message.badge, "sound": "default"]
        if !message.threadID.isEmpty { aps["thread-id"] = message.threadID }
        var payload: [String: Any] = message.data.filter { $0.key != "aps" }
        payload["aps"] = aps
        payload["kind"] = message.kind
        payload["id"] = message.id.uuidString.lowercased()
        return (try? JSONSerialization.data(withJSONObject: payload, options: [.sortedKeys])) ?? Data("{}".utf8)
    }
}
