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

    /// - Parameter names: what the people the notification names (`actorId`, `actorIds`) go by.
    public func message(for notification: InboxNotification, language: String, badge: Int, names: [UUID: String] = [:]) -> PushMessage {
        let base = String(language.lowercased().split(separator: "-").first ?? "")
        let forKind = texts[notification.kind]
        let (title, body) = forKind?[base] ?? forKind?["en"] ?? ("", notification.kind.replacingOccurrences(of: "_", with: " ").capitalized)
        let words = Self.words(forKind?[base] != nil ? base : "en")
        var filling = notification.data
        let actors = Self.actors(in: notification)
        filling["name"] = actors.first.flatMap { names[$0] } ?? words.someone
        let count = notification.data["count"].flatMap { Int($0) } ?? max(actors.count, 1)
        let thing = words.things[notification.data["subjectKind"] ?? ""] ?? words.things["post"] ?? ""
        filling["summary"] =
            count > 1
            ? words.manyLiked(filling["name"] ?? "", count - 1, thing)
            : words.oneLiked(filling["name"] ?? "", thing)
        return PushMessage(
            id: notification.id, title: Self.fill(title, filling), body: Self.fill(body, filling), kind: notification.kind,
            data: notification.data, threadID: notification.threadID, badge: badge,
            collapseID: notification.data["alertId"].map { "\(notification.kind):\($0)" },
            // A reminder a day late is noise: the push service drops what it cannot deliver within a day.
            expiration: notification.createdAt.addingTimeInterval(24 * 3600))
    }

    /// Whom the notification names, the newest first: `actorIds` (gathered) or `actorId`.
    public static func actors(in notification: InboxNotification) -> [UUID] {
        let listed = notification.data["actorIds"].map { $0.split(separator: ",").map(String.init) } ?? []
        return (listed.isEmpty ? notification.data["actorId"].map { [$0] } ?? [] : listed).compactMap { UUID(uuidString: $0) }
    }

    /// The words a summary is made of, in a language with texts.
    struct Words {
        var someone: String
        var things: [String: String]
        var oneLiked: (String, String) -> String
        var manyLiked: (String, Int, String) -> String
    }

    static func words(_ language: String) -> Words {
        switch language {
        case "sv":
            Words(
                someone: "Någon",
                things: [
                    "post": "inlägg", "story": "berättelse", "activity": "aktivitet", "bucket_item": "punkt", "walk": "promenad",
                    "comment": "kommentar",
                ],
                oneLiked: { name, thing in "\(name) gillar din \(thing)" },
                manyLiked: { name, others, thing in "\(name) och \(others) till gillar din \(thing)" })
        default:
            Words(
                someone: "Someone",
                things: [
                    "post": "post", "story": "story", "activity": "activity", "bucket_item": "bucket list item", "walk": "walk", "comment": "comment",
                ],
                oneLiked: { name, thing in "\(name) liked your \(thing)" },
                manyLiked: { name, others, thing in "\(name) and \(others) \(others == 1 ? "other" : "others") liked your \(thing)" })
        }
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
        "comment": ["en": ("{name} commented", "{text}"), "sv": ("{name} kommenterade", "{text}")],
        "reply": ["en": ("{name} replied", "{text}"), "sv": ("{name} svarade", "{text}")],
        "likes": ["en": ("Likes", "{summary}"), "sv": ("Gillningar", "{summary}")],
    ]
}
