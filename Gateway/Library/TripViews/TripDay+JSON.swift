import Foundation
import OpenAPIRuntime
import RoamAPI

/// The day page as JSON, written by hand. `JSONEncoder` took 6 ms for a full day's 207 KB, and it starts
/// only once the slowest part is in, so it was most of what the page added to that part. The members
/// and formats are those of the generated `Encodable` (dates by `InternetDateTranscoder`); the small
/// parts (statuses, track, itinerary, saved places) still go through an encoder set up as the OpenAPI
/// runtime sets up its own. The day's expenses are written by hand too: through the encoder, a hundred
/// of them were a tenth of the gateway's work on the page.
/// `TripDayJSONTests` decodes the result back with the generated types.
extension Components.Schemas.TripDay {
    func json() throws -> [UInt8] {
        let encoder = Self.encoder
        var text = JSONText(capacity: 64 * 1_024 + 2_048 * ((photos?.count ?? 0) + (journalEntries?.count ?? 0) + (pins?.count ?? 0)))
        try text.object { day in
            day.field("tripId", tripId)
            day.field("date", date)
            day.field("when", when.rawValue)
            day.key("parts")
            day.raw(try encoder.encode(parts))
            if let photos {
                day.key("photos")
                try day.array(photos) { text, photo in try photo.write(to: &text) }
            }
            if let journalEntries {
                day.key("journalEntries")
                try day.array(journalEntries) { text, entry in try entry.write(to: &text) }
            }
            if let pins {
                day.key("pins")
                try day.array(pins) { text, pin in try pin.write(to: &text) }
            }
            if let nextPageTokens {
                day.key("nextPageTokens")
                day.raw(try encoder.encode(nextPageTokens))
            }
            if let route {
                day.key("route")
                try route.write(to: &day)
            }
            for (name, value) in [("track", track as (any Encodable)?), ("itinerary", itinerary), ("savedPlaces", savedPlaces)] {
                guard let value else { continue }
                day.key(name)
                day.raw(try encoder.encode(value))
            }
            if let budget {
                day.key("budget")
                try budget.write(to: &day)
            }
        }
        return text.bytes
    }

    /// As the OpenAPI runtime's converter encodes: sorted keys, dates by the gateway's transcoder.
    static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dateEncodingStrategy = InternetDateTranscoder.jsonStrategy
        return encoder
    }
}

extension JSONText {
    mutating func date(_ value: Date) throws {
        string(InternetDateTranscoder.string(from: value))
    }

    mutating func field(_ name: String, _ value: Date?) throws {
        guard let value else { return }
        key(name)
        try date(value)
    }

    mutating func point(_ point: Components.Schemas.LatLng) throws {
        try object { text in
            text.key("latitude")
            try text.number(point.latitude)
            text.key("longitude")
            try text.number(point.longitude)
        }
    }

    /// A GeoJSON position, `[longitude, latitude]`.
    mutating func position(_ position: [Double]) throws {
        try array(position) { text, number in try text.number(number) }
    }

    mutating func line(_ positions: [[Double]]) throws {
        try array(positions) { text, position in try text.position(position) }
    }

    mutating func field(_ name: String, _ point: Components.Schemas.LatLng?) throws {
        guard let point else { return }
        key(name)
        try self.point(point)
    }

    mutating func field(_ name: String, _ links: Components.Schemas.MediaLinks?) throws {
        guard let links else { return }
        key(name)
        try self.links(links)
    }

    mutating func links(_ links: Components.Schemas.MediaLinks) throws {
        try object { text in
            try text.field("expiresAt", links.expiresAt)
            text.field("mediaId", links.mediaId)
            text.field("original", links.original)
            text.field("preview", links.preview)
            text.field("thumbnail", links.thumbnail)
        }
    }
}

extension Components.Schemas.DayPhoto {
    func write(to text: inout JSONText) throws {
        try text.object { text in
            text.field("mediaId", mediaId)
            text.field("kind", kind.rawValue)
            try text.field("capturedAt", capturedAt)
            text.field("utcOffsetSeconds", utcOffsetSeconds)
            try text.field("position", position)
            text.field("width", width)
            text.field("height", height)
            text.field("thumbnail", thumbnail)
            try text.field("expiresAt", expiresAt)
        }
    }
}

extension Components.Schemas.JournalEntry {
    func write(to text: inout JSONText) throws {
        try text.object { text in
            text.field("body", body)
            try text.field("cover", cover)
            try text.field("createdAt", createdAt)
            text.field("date", date)
            text.field("id", id)
            text.key("locationTags")
            text.array(locationTags) { text, tag in
                text.object { text in
                    text.field("pinId", tag.pinId)
                    text.field("placeId", tag.placeId)
                    text.field("text", tag.text)
                    text.field("title", tag.title)
                }
            }
            text.key("media")
            try text.array(media) { text, links in try text.links(links) }
            text.key("mediaIds")
            text.array(mediaIds) { text, id in text.string(id) }
            text.field("prompt", prompt)
            text.field("promptId", promptId)
            text.field("title", title)
            text.field("tripId", tripId)
        }
    }
}

extension Components.Schemas.Pin {
    func write(to text: inout JSONText) throws {
        try text.object { text in
            try text.field("cover", cover)
            text.key("coverChosen")
            text.bool(coverChosen)
            try text.field("createdAt", createdAt)
            text.field("date", date)
            text.field("description", description)
            text.field("id", id)
            if let placeId { text.field("placeId", placeId) }
            try text.field("point", point)
            text.field("source", source.rawValue)
            text.key("tags")
            text.array(tags) { text, tag in text.string(tag) }
            text.field("title", title)
            text.field("tripId", tripId)
            try text.field("visitedAt", visitedAt)
        }
    }
}

extension Components.Schemas.DayRoute {
    func write(to text: inout JSONText) throws {
        try text.object { text in
            text.field("date", date)
            text.key("features")
            try text.array(features) { text, feature in
                try text.object { text in
                    text.key("geometry")
                    try text.object { text in
                        text.key("coordinates")
                        let coordinates = feature.geometry.coordinates
                        if let position = coordinates.value1 {
                            try text.position(position)
                        } else if let line = coordinates.value2 {
                            try text.line(line)
                        } else {
                            try text.array(coordinates.value3 ?? []) { text, line in try text.line(line) }
                        }
                        text.field("type", feature.geometry._type.rawValue)
                    }
                    text.key("properties")
                    try text.object { text in
                        let properties = feature.properties
                        try text.field("at", properties.at)
                        text.field("kind", properties.kind.rawValue)
                        text.field("mediaId", properties.mediaId)
                        text.field("pinId", properties.pinId)
                        text.field("title", properties.title)
                    }
                    text.field("type", feature._type.rawValue)
                }
            }
            text.field("source", source.rawValue)
            text.field("type", _type.rawValue)
        }
    }
}

extension Components.Schemas.DayBudget {
    func write(to text: inout JSONText) throws {
        try text.object { text in
            if let allowance {
                text.key("allowance")
                text.object { text in
                    text.money("adaptive", allowance.adaptive)
                    text.money("leftToday", allowance.leftToday)
                    text.money("planned", allowance.planned)
                }
            }
            text.field("currency", currency)
            text.field("expenseCount", expenseCount)
            text.key("expenses")
            try text.array(expenses) { text, expense in try expense.write(to: &text) }
            text.money("spent", spent)
        }
    }
}

extension Components.Schemas.Expense {
    func write(to text: inout JSONText) throws {
        try text.object { text in
            text.money("amount", amount)
            text.field("category", category)
            text.money("converted", converted)
            try text.field("createdAt", createdAt)
            text.field("date", date)
            text.field("id", id)
            text.field("note", note)
            text.field("pinId", pinId)
            text.field("placeId", placeId)
            text.field("rate", rate)
            text.field("rateDate", rateDate)
            text.field("rateSource", rateSource.rawValue)
            try text.field("spentAt", spentAt)
            text.field("tripId", tripId)
            try text.field("updatedAt", updatedAt)
        }
    }
}

extension JSONText {
    mutating func money(_ name: String, _ money: Components.Schemas.Money) {
        key(name)
        object { text in
            text.field("amount", money.amount)
            text.field("currency", money.currency)
        }
    }
}
