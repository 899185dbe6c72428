import Foundation
import OpenAPIRuntime
import RoamAPI
import RoamProto
import RoamRuntime

/// What the client says about an uploaded file, read before its bytes: its capture time, position and
/// device asset id, each checked as the client named it. They come as the text fields of an upload form,
/// or as a tus upload's `Upload-Metadata`.
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
        guard try read(name, text) else {
            throw RoamError.invalidField(name, "is not a field of this form (capturedAt, utcOffsetSeconds, latitude, longitude, deviceAssetId, file)")
        }
    }

    /// Reads the field `name`; false when it is not one of these. `label` names it in errors.
    mutating func read(_ name: String, _ text: String, label: String? = nil) throws -> Bool {
        let label = label ?? name
        switch name {
        case "capturedAt":
            guard let date = RFC3339.date(text) else { throw RoamError.invalidField(label, "must be a date-time (RFC 3339)") }
            capturedAt = date
        case "utcOffsetSeconds":
            guard let offset = Int32(text), abs(offset) <= 18 * 3_600 else {
                throw RoamError.invalidField(label, "must be whole seconds from -64800 to 64800")
            }
            utcOffsetSeconds = offset
        case "latitude":
            guard let value = Double(text), (-90...90).contains(value) else { throw RoamError.invalidField(label, "must be from -90 to 90") }
            latitude = value
        case "longitude":
            guard let value = Double(text), (-180...180).contains(value) else { throw RoamError.invalidField(label, "must be from -180 to 180") }
            longitude = value
        case "deviceAssetId":
            guard !text.unicodeScalars.contains("\u{0}") else { throw RoamError.invalidField(label, "must not contain NUL characters") }
            deviceAssetID = text
        default:
            return false
        }
        return true
    }

    /// `start` with what the form said; `prefix` goes before the names of fields at fault.
    func apply(to start: Roam_Media_V1_UploadStart, prefix: String = "") throws -> Roam_Media_V1_UploadStart {
        var start = start
        if let capturedAt {
            start.clientCaptured = .with {
                $0.at = .init(date: capturedAt)
                if let utcOffsetSeconds { $0.utcOffsetSeconds = utcOffsetSeconds }
            }
        } else if utcOffsetSeconds != nil {
            throw RoamError.invalidField(prefix + "capturedAt", "is required with utcOffsetSeconds")
        }
        switch (latitude, longitude) {
        case (let latitude?, let longitude?):
            start.clientPosition = .with {
                $0.latitude = latitude; $0.longitude = longitude
            }
        case (nil, nil): break
        case (nil, _): throw RoamError.invalidField(prefix + "latitude", "is required with longitude")
        case (_, nil): throw RoamError.invalidField(prefix + "longitude", "is required with latitude")
        }
        if let deviceAssetID { start.deviceAssetID = deviceAssetID }
        return start
    }
}
