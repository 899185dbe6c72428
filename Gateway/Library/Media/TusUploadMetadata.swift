import Foundation
import RoamProto
import RoamRuntime

/// A tus upload's `Upload-Metadata`: comma-separated pairs of a key and its value in base64. The keys
/// Roam reads are those of an upload form (`capturedAt`, `utcOffsetSeconds`, `latitude`, `longitude`,
/// `deviceAssetId`) and `attachmentOnly` (`true`); others (`filename`, `filetype`) are kept, not read.
struct TusUploadMetadata {
    static let header = "Upload-Metadata"
    /// The header as sent, answered again by `HEAD`.
    let raw: String
    let start: Roam_Media_V1_UploadStart

    init(_ header: String?) throws {
        raw = header ?? ""
        guard raw.utf8.count <= 4_096 else { throw RoamError.invalidField(Self.header, "must be at most 4,096 bytes") }
        var fields = MediaUploadFormFields()
        var start = Roam_Media_V1_UploadStart()
        var seen: Set<String> = []
        for pair in raw.split(separator: ",", omittingEmptySubsequences: true) {
            let parts = pair.trimmingCharacters(in: .whitespaces).split(separator: " ", omittingEmptySubsequences: true)
            guard let key = parts.first.map(String.init), parts.count <= 2 else {
                throw RoamError.invalidField(Self.header, "must be pairs of a key and a base64 value, separated by commas")
            }
            let label = "\(Self.header).\(key)"
            guard seen.insert(key).inserted else { throw RoamError.invalidField(label, "must be given once") }
            var text = ""
            if parts.count == 2 {
                guard let data = Data(base64Encoded: String(parts[1])), let decoded = String(data: data, encoding: .utf8) else {
                    throw RoamError.invalidField(label, "must be UTF-8 text in base64")
                }
                text = decoded
            }
            if key == "attachmentOnly" {
                guard let flag = Bool(text) else { throw RoamError.invalidField(label, "must be true or false") }
                start.attachmentOnly = flag
            } else {
                _ = try fields.read(key, text, label: label)
            }
        }
        self.start = try fields.apply(to: start, prefix: "\(Self.header).")
    }
}
