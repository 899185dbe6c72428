import Foundation
import RoamCore

/// Something worth stopping for on a walk: a point, a name, a note and photos.
public struct PointOfInterest: Sendable, Hashable, Codable, Identifiable {
    public static let maxPhotos = 10
    public static let maxNoteLength = 2_000

    public let id: UUID
    public var point: GeoPoint
    public var name: String
    public var note: String
    public var mediaIDs: [UUID]
    public var createdAt: Date

    public init(id: UUID, point: GeoPoint, name: String, note: String = "", mediaIDs: [UUID] = [], createdAt: Date) {
        self.id = id
        self.point = point
        self.name = name
        self.note = note
        self.mediaIDs = mediaIDs
        self.createdAt = createdAt
    }

    /// Name and note trimmed; every broken rule named at once.
    func validated() throws(RoamError) -> PointOfInterest {
        var validation = Validation()
        var checked = self
        point.validate("point", into: &validation)
        checked.name = name.trimmingCharacters(in: .whitespacesAndNewlines)
        checked.note = note.trimmingCharacters(in: .whitespacesAndNewlines)
        validation.requireLine(checked.name, "name", maxLength: 200)
        validation.requireBody(checked.note, "note", maxLength: Self.maxNoteLength)
        validation.requireStorable(checked.name, "name")
        validation.requireStorable(checked.note, "note")
        validation.require(mediaIDs.count <= Self.maxPhotos, "media_ids", "at most \(Self.maxPhotos) photos")
        validation.require(Set(mediaIDs).count == mediaIDs.count, "media_ids", "must not repeat a photo")
        try validation.check()
        return checked
    }
}
