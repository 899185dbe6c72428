import Foundation
import RoamProto
import SwiftProtobuf

/// How the console shows times and protobuf messages: each as a template's values.
enum ConsoleFormat {
    /// `2026-11-29 16:30:05 UTC`: one zone for every moderator, so a case reads the same to all.
    static func time(_ timestamp: Google_Protobuf_Timestamp) -> String {
        time(timestamp.date)
    }

    static func time(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        return String(
            format: "%04d-%02d-%02d %02d:%02d:%02d UTC", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0, parts.hour ?? 0,
            parts.minute ?? 0, parts.second ?? 0)
    }

    static func content(_ content: Roam_Moderation_V1_Content) -> [String: Any] {
        var values: [String: Any] = ["kind": content.subject.kind]
        if !content.authorID.isEmpty { values["authorID"] = content.authorID }
        if !content.title.isEmpty { values["title"] = content.title }
        if !content.text.isEmpty { values["text"] = content.text }
        if !content.placeName.isEmpty { values["place"] = content.placeName }
        if !content.mediaIds.isEmpty { values["mediaCount"] = content.mediaIds.count }
        if content.hasCreatedAt { values["created"] = time(content.createdAt) }
        if content.hasTakedown {
            values["takedown"] = ["at": time(content.takedown.at), "by": content.takedown.by, "reason": content.takedown.reason]
        }
        return values
    }

    /// One line naming a piece of content in a list.
    static func summary(_ content: Roam_Moderation_V1_Content) -> String {
        let words = [content.title, content.text].filter { !$0.isEmpty }.joined(separator: ": ")
        return words.count > 120 ? String(words.prefix(119)) + "…" : words
    }

    static func account(_ record: Roam_Accounts_V1_AccountRecord) -> [String: Any] {
        [
            "id": record.userID, "username": record.username, "displayName": record.displayName, "email": record.email,
            "emailVerified": record.emailVerified, "created": time(record.createdAt),
            "roles": record.roles.isEmpty ? "none" : record.roles.joined(separator: ", "),
            "followers": record.followerCount, "following": record.followingCount,
            "state": state(record),
        ]
    }

    static func state(_ record: Roam_Accounts_V1_AccountRecord) -> String {
        guard record.hasSuspension else { return "active" }
        return record.suspension.hasUntil ? "suspended until \(time(record.suspension.until))" : "suspended until lifted"
    }

    /// The suspension lengths a moderator picks from: the value is what `suspendUntil` adds to now.
    static let lengths: [(value: String, label: String, seconds: TimeInterval?)] = [
        ("1d", "1 day", 86_400), ("7d", "7 days", 7 * 86_400), ("30d", "30 days", 30 * 86_400), ("", "until lifted", nil),
    ]

    static var lengthOptions: [[String: Any]] { lengths.map { ["value": $0.value, "label": $0.label] } }

    /// The end of a suspension of the chosen length from now; nil for "until lifted".
    static func suspensionEnd(_ choice: String, from now: Date = Date()) -> Date? {
        lengths.first { $0.value == choice }?.seconds.map { now.addingTimeInterval($0) }
    }

    /// Options of a `<select>`, the current one selected.
    static func options(_ choices: [(value: String, label: String)], selected: String) -> [[String: Any]] {
        choices.map { ["value": $0.value, "label": $0.label, "selected": $0.value == selected] }
    }

    static let kinds: [(value: String, label: String)] = [
        ("", "every kind"), ("user", "user"), ("post", "post or story"), ("comment", "comment"), ("activity", "activity"),
        ("list", "bucket list"), ("item", "list item"), ("walk", "walk"), ("event", "event"), ("photo", "photo"),
    ]
}
