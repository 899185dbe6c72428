import Foundation
import RoamCore
import RoamRuntime
import RoamTesting
import Testing

@testable import Media

/// Media items with their own owner and bytes, so tests share one database without colliding.
enum MediaFixtures {
    static func item(
        owner: UUID = UUID(), takenAt: Date? = nil, offset: Int? = 0, position: GeoPoint? = nil, inLibrary: Bool = true,
        sha256: String = randomChecksum(), deviceAssetID: String? = nil
    ) -> MediaItem {
        let created = Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down))
        return MediaItem(
            id: .v7(at: created), ownerID: owner, type: .jpeg, sizeBytes: 12_345, sha256: sha256, width: 4_000, height: 3_000,
            orientation: 6, captureTime: takenAt.map { CaptureTime(date: $0, utcOffsetSeconds: offset) },
            position: position, cameraMake: "Roam", cameraModel: "Test Camera", deviceAssetID: deviceAssetID,
            description: "", tags: [], inLibrary: inLibrary, createdAt: created)
    }

    static func randomChecksum() -> String {
        (0..<32).map { _ in String(format: "%02x", UInt8.random(in: 0...255)) }.joined()
    }

    /// 2024-05-01 plus `hours`.
    static func day(_ hours: Double) -> Date {
        Date(timeIntervalSince1970: 1_714_521_600 + hours * 3_600)
    }
}
