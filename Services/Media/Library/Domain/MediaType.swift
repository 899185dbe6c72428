/// What an uploaded file is, read from its first bytes: never from its name or `Content-Type`.
public enum MediaType: String, Sendable, CaseIterable {
    case jpeg, png, webp, heic, heif, mp4, mov

    /// How many leading bytes `init(sniffing:)` needs.
    public static let sniffLength = 16

    public init?(sniffing bytes: some Collection<UInt8>) {
        let head = Array(bytes.prefix(Self.sniffLength))
        func has(_ text: String, at offset: Int) -> Bool {
            let expected = Array(text.utf8)
            return head.count >= offset + expected.count && Array(head[offset..<offset + expected.count]) == expected
        }
        if head.starts(with: [0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else if head.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            self = .png
        } else if has("RIFF", at: 0), has("WEBP", at: 8) {
            self = .webp
        } else if has("ftyp", at: 4), head.count >= 12 {
            // ISO base media files (HEIF, MP4, QuickTime) name their major brand after `ftyp`.
            switch String(decoding: head[8..<12], as: UTF8.self) {
            case "heic", "heix", "heim", "heis", "hevc", "hevx": self = .heic
            case "mif1", "msf1", "heif": self = .heif
            case "qt  ": self = .mov
            case "isom", "iso2", "iso4", "iso5", "iso6", "mp41", "mp42", "avc1", "M4V ", "3gp4", "3gp5": self = .mp4
            default: return nil
            }
        } else {
            return nil
        }
    }

    public var contentType: String {
        switch self {
        case .jpeg: "image/jpeg"
        case .png: "image/png"
        case .webp: "image/webp"
        case .heic: "image/heic"
        case .heif: "image/heif"
        case .mp4: "video/mp4"
        case .mov: "video/quicktime"
        }
    }

    /// Videos are kept with their size, type and the client's capture time, without variants.
    public var isVideo: Bool { self == .mp4 || self == .mov }
}
