import Foundation
import RoamCore

/// A journal entry as the traveller writes it, before it is checked.
public struct JournalDraft: Sendable {
    public var title: String
    public var body: String
    /// Today in the trip's zone when absent.
    public var date: String?
    public var mediaIDs: [UUID]
    public var promptID: String?
    public var locationTags: [LocationTag]

    public static let maxBodyLength = 20_000
    public static let maxPhotos = 20
    public static let maxTags = 20
    public static let maxTagLength = 100

    public init(title: String, body: String, date: String?, mediaIDs: [UUID], promptID: String?, locationTags: [LocationTag]) {
        self.title = title
        self.body = body
        self.date = date
        self.mediaIDs = mediaIDs
        self.promptID = promptID
        self.locationTags = locationTags
    }

    /// The checked details, every broken rule named by its field. The day must be one of `trip`'s;
    /// pins named by tags are checked by the service.
    public func validated(for trip: TripDetails, now: Date) throws(RoamError) -> JournalEntryDetails {
        var validation = Validation()
        let title = self.title.trimmingCharacters(in: .whitespacesAndNewlines)
        validation.requireLine(title, "title", maxLength: 200)
        let body = self.body.trimmingCharacters(in: .whitespacesAndNewlines)
        validation.require(!body.isEmpty, "body", "must not be blank")
        validation.require(body.count <= Self.maxBodyLength, "body", "must be at most \(Self.maxBodyLength.formatted()) characters")
        validation.require(
            !body.unicodeScalars.contains { $0.properties.generalCategory == .control && $0 != "\n" && $0 != "\t" && $0 != "\r" },
            "body", "must not contain control characters other than line breaks and tabs")
        var date: LocalDate? = trip.zone.date(of: now)
        if let text = self.date {
            date = LocalDate(text)
            validation.require(date != nil, "date", "must be a date such as 2026-07-14")
        }
        if let date { validation.require(trip.dates.contains(date), "date", "must be a day of the trip (\(trip.dates.start) to \(trip.dates.end))") }
        validation.require(mediaIDs.count <= Self.maxPhotos, "media_ids", "must be at most \(Self.maxPhotos)")
        validation.require(Set(mediaIDs).count == mediaIDs.count, "media_ids", "must not repeat a photo")
        if let promptID { validation.require(JournalPrompts.prompt(promptID) != nil, "prompt_id", "is not a prompt of the catalog") }
        validation.require(locationTags.count <= Self.maxTags, "location_tags", "must be at most \(Self.maxTags)")
        var tags: [LocationTag] = []
        for (index, tag) in locationTags.enumerated() {
            switch tag {
            case .text(let text):
                let text = text.trimmingCharacters(in: .whitespacesAndNewlines)
                validation.require(
                    !text.isEmpty && text.count <= Self.maxTagLength, "location_tags[\(index)].text",
                    "must be 1 to \(Self.maxTagLength) characters")
                validation.require(
                    !text.unicodeScalars.contains { $0.properties.generalCategory == .control }, "location_tags[\(index)].text",
                    "must not contain control characters")
                tags.append(.text(text))
            case .pin, .place:
                tags.append(tag)
            }
        }
        try validation.check()
        return JournalEntryDetails(title: title, body: body, date: date!, mediaIDs: mediaIDs, promptID: promptID, locationTags: tags)
    }
}
