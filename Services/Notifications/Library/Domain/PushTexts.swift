import Foundation

/// The title and body of each kind's push, in English and Swedish (the languages Roam's mails come in),
/// with `{name}` filled from the notification's data. A language without texts gets English; a kind
/// without texts gets a plain line, so a new kind still reaches the phone.
public struct PushTexts: Sendable {
    /// kind → language → (title, body).
    let texts: [String: [String: (title: String, body: String)]]

    public init() {
        texts = Self.builtIn
    }

    public func message(for notification: InboxNotification, language: String, badge: Int) -> PushMessage {
        let base = String(language.lowercased().split(separator: "-").first ?? "")
        let forKind = texts[notification.kind]
        let (title, body) = forKind?[base] ?? forKind?["en"] ?? ("", notification.kind.replacingOccurrences(of: "_", with: " ").capitalized)
        return PushMessage(
            id: notification.id, title: Self.fill(title, notification.data), body: Self.fill(body, notification.data), kind: notification.kind,
            data: notification.data, threadID: notification.threadID, badge: badge,
            collapseID: notification.data["alertId"].map { "\(notification.kind):\($0)" },
            // A reminder a day late is noise: the push service drops what it cannot deliver within a day.
            expiration: notification.createdAt.addingTimeInterval(24 * 3600))
    }

    /// `{percent}` → the data's `percent`; a name the data lacks is left out.
    static func fill(_ template: String, _ data: [String: String]) -> String {
        var result = ""
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            result += rest[..<open]
            result += data[String(rest[rest.index(after: open)..<close])] ?? ""
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }

    static let builtIn: [String: [String: (title: String, body: String)]] = [
        "budget_alert": ["en": ("Budget", "{percent} % of your budget is spent"), "sv": ("Budget", "{percent} % av budgeten är använd")],
        "trip_starting": ["en": ("{title}", "Your trip starts {date}"), "sv": ("{title}", "Din resa börjar {date}")],
        "itinerary_reminder": ["en": ("{title}", "Planned for {time}"), "sv": ("{title}", "Planerat kl. {time}")],
        "daily_reminder": [
            "en": ("Your day", "Write today's journal and log what you spent"), "sv": ("Din dag", "Skriv dagens dagbok och för in utgifterna"),
        ],
        "admitted": ["en": ("You're in", "A place opened up and you joined the event"), "sv": ("Du är med", "En plats blev ledig och du gick med")],
        "invited": ["en": ("Invitation", "You are invited to a group walk"), "sv": ("Inbjudan", "Du är inbjuden till en gruppvandring")],
        "removed": ["en": ("Event", "You are no longer in the event"), "sv": ("Evenemang", "Du är inte längre med i evenemanget")],
        "banned": ["en": ("Event", "The host removed you from the event"), "sv": ("Evenemang", "Värden tog bort dig från evenemanget")],
        "event_ended": ["en": ("Event", "The event has ended"), "sv": ("Evenemang", "Evenemanget är slut")],
        "new_follower": ["en": ("New follower", "{name} follows you"), "sv": ("Ny följare", "{name} följer dig")],
        "comment": ["en": ("New comment", "{name}: {text}"), "sv": ("Ny kommentar", "{name}: {text}")],
        "reply": ["en": ("Reply", "{name} replied: {text}"), "sv": ("Svar", "{name} svarade: {text}")],
        "likes": ["en": ("Likes", "{summary}"), "sv": ("Gillningar", "{summary}")],
    ]
}
