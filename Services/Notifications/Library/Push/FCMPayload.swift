import Foundation

/// The body of FCM's `messages:send` for one device: the notification, the data (strings only, as FCM
/// requires; `kind` and `id` added), and what Android and APNs through FCM need to group and badge it.
enum FCMPayload {
    static func body(of message: PushMessage, token: String) -> Data {
        var data = message.data
        data["kind"] = message.kind
        data["id"] = message.id.uuidString.lowercased()
        var androidNotification: [String: Any] = ["notification_count": message.badge]
        if !message.threadID.isEmpty { androidNotification["tag"] = message.threadID }
        var android: [String: Any] = ["priority": "high", "notification": androidNotification]
        if let collapse = message.collapseID { android["collapse_key"] = collapse }
        if let expiration = message.expiration { android["ttl"] = "\(max(0, Int(expiration.timeIntervalSinceNow)))s" }
        var aps: [String: Any] = ["badge": message.badge]
        if !message.threadID.isEmpty { aps["thread-id"] = message.threadID }
        let body: [String: Any] = [
            "message": [
                "token": token, "notification": ["title": message.title, "body": message.body], "data": data, "android": android,
                "apns": ["payload": ["aps": aps]],
            ]
        ]
        return (try? JSONSerialization.data(withJSONObject: body, options: [.sortedKeys])) ?? Data("{}".utf8)
    }
}
