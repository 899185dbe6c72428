import Foundation
import OpenAPIRuntime
import RoamAPI
import RoamProto
import RoamRuntime

/// The text fields of an upload form, read before its file: the client's capture time, position and
/// device asset id, each checked as the client named it.
struct MediaUploadFormFields {
    private var capturedAt: Date?
    private var utcOffsetSeconds: Int32?
    private var latitude: Double?
    private var longitude: Double?
    private var deviceAssetID: String?

    mutating func read(_ part: Operations.UploadMedia.Input.Body.MultipartFormPayload, afterFile: Bool) async throws {
        let (name, body): (String, HTTPBody) =
            switch part {
            case .capturedAt(let field): ("capturedAt", field.payload.body)
            case .utcOffsetSeconds(let field): ("utcOffsetSeconds", field.payload.body)
            case .latitude(let field): ("latitude", field.payload.body)
            case .longitude(let field): ("longitude", field.payload.body)
            case .deviceAssetId(let field): ("deviceAssetId", field.payload.body)
            case .file(let field): ("file", field.payload.body)
            case .undocumented(let field): (field.name ?? "", field.body)
            }
        guard !afterFile else { throw RoamError.invalidField(name, "must come before the file") }
        let text: String
        do {
            text = try await String(collecting: body, upTo: 1_024)
        } catch {
            throw RoamError.invalidField(name, "must be at most 1,024 bytes")
        }
        switch name {
        case "capturedAt":
            guard let date = RFC3339.date(text) else { throw RoamError.invalidField(name, "must be a date-time (RFC 3339)") }
            capturedAt = date
        case "utcOffsetSeconds":
            guard let offset = Int32(text), abs(offset) <= 18 * 3_600 else {
                throw RoamError.invalidField(name, "must be whole seconds from -64800 to 64800")
            }
            utcOffsetSeconds = offset
        case "latitude":
            guard let value = Double(text), (-90...90).contains(value) else { throw RoamError.invalidField(name, "must be from -90 to 90") }
            latitude = value
        case "longitude":
            guard let value = Double(text), (-180...180).contains(value) else { throw RoamError.invalidField(name, "must be from -180 to 180") }
            longitude = value
        case "deviceAssetId":
            guard !text.unicodeScalars.contains("\u{0}") else { throw RoamError.invalidField(name, "must not contain NUL characters") }
            deviceAssetID = text
        default:
            throw RoamError.invalidField(name, "is not a field of this form (capturedAt, utcOffsetSeconds, latitude, longitude, deviceAssetId, file)")
        }
    }

    /// `start` with what the form said.
    func apply(to start: Roam_Media_V1_UploadStart) throws -> Roam_Media_V1_UploadStart {
        var start = start
        if let capturedAt {
            start.clientCaptured = .with {
                $0.at = .init(date: capturedAt)
                if let utcOffsetSeconds { $0.utcOffsetSeconds = utcOffsetSeconds }
            }
        } else if utcOffsetSeconds != nil {
            throw RoamError.invalidField("capturedAt", "is required with utcOffsetSeconds")
        }
        switch (latitude, longitude) {
        case (let latitude?, let longitude?):
            start.clientPosition = .with {
                $0.latitude = latitude; $0.longitude = longitude
            }
        case (nil, nil): break
        case (nil, _): throw RoamError.invalidField("latitude", "is required with longitude")
        case (_, nil): throw RoamError.invalidField("longitude", "is required with latitude")
        }
        if let deviceAssetID { start.deviceAssetID = deviceAssetID }
        return start
    }
}
