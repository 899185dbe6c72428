import Foundation
import Testing

@testable import Media

/// libvips on real files: what is read from them, and the variants made of them.
@Suite struct ImageReaderTests {
    let reader = ImageReader(pixelLimit: 100_000_000)

    @Test(arguments: ["camera.jpg", "camera.heic"])
    func aCamerasFieldsAreRead(_ name: String) throws {
        let images = try TestImages()
        defer { images.remove() }
        let facts = try reader.facts(ofFileAt: try images.make(name, exif: TestImages.cameraFields, orientation: 6))
        // HEIF keeps rotation in its own boxes, applied by libheif as it decodes: the file reads upright.
        #expect(facts.width == 400 && facts.height == 300 && facts.orientation == (name.hasSuffix(".heic") ? 1 : 6))
        #expect(facts.captureTime == CaptureTime(date: ISO8601DateFormatter().date(from: "2024-05-01T10:34:56Z")!, utcOffsetSeconds: 7_200))
        let position = try #require(facts.position)
        #expect(abs(position.latitude - 59.332_866_7) < 1e-6 && abs(position.longitude - 18.066_666_7) < 1e-6)
        #expect(facts.cameraMake == "Roam" && facts.cameraModel == "Test Camera")
    }

    @Test func aFileWithoutGPSOrOffsetHasNoPositionAndALocalTime() throws {
        let images = try TestImages()
        defer { images.remove() }
        let facts = try reader.facts(ofFileAt: try images.make("local.jpg", exif: ["exif-ifd2-DateTimeOriginal": "2024:05:01 12:34:56"]))
        #expect(facts.position == nil && facts.cameraMake == nil)
        #expect(facts.captureTime?.isLocal == true)
        #expect(facts.captureTime?.date == ISO8601DateFormatter().date(from: "2024-05-01T12:34:56Z"))
        let bare = try reader.facts(ofFileAt: try images.make("bare.png", width: 64, height: 48))
        #expect(bare == ImageFacts(width: 64, height: 48, orientation: 1, captureTime: nil, position: nil, cameraMake: nil, cameraModel: nil))
    }

    @Test func theThumbnailIsAnUprightWebPWithNoMetadata() throws {
        let images = try TestImages()
        defer { images.remove() }
        let path = try images.make("sideways.jpg", exif: TestImages.cameraFields, orientation: 6)
        let thumbnail = try reader.thumbnail(ofFileAt: path)
        #expect(MediaType(sniffing: thumbnail) == .webp)
        #expect(thumbnail.range(of: Data("Exif".utf8)) == nil && thumbnail.range(of: Data("EXIF".utf8)) == nil)
        let decoded = try images.decode(thumbnail)
        // 400 × 300 stored, turned a quarter by orientation 6: 188 × 250 upright.
        #expect(decoded.width == 188 && decoded.height == 250)
        #expect(!decoded.hasMetadata)
        #expect(try reader.facts(ofFileAt: try images.write(thumbnail, as: "t.webp")).position == nil)
    }

    @Test func thePreviewIsAJPEGAtMost1440WithNoMetadata() throws {
        let images = try TestImages()
        defer { images.remove() }
        let preview = try reader.preview(ofFileAt: try images.make("big.jpg", width: 2_000, height: 1_500, exif: TestImages.cameraFields))
        #expect(MediaType(sniffing: preview) == .jpeg)
        let decoded = try images.decode(preview)
        #expect(decoded.width == 1_440 && decoded.height == 1_080)
        #expect(!decoded.hasMetadata)
        let small = try images.decode(try reader.preview(ofFileAt: try images.make("small.png", width: 300, height: 200)))
        #expect(small.width == 300 && small.height == 200, "a preview never enlarges")
    }

    @Test func bothVariantsFromOneDecodeMatchTheOnesMadeApart() throws {
        let images = try TestImages()
        defer { images.remove() }
        let path = try images.make("sideways.jpg", width: 2_000, height: 1_500, exif: TestImages.cameraFields, orientation: 6)
        let variants = try reader.variants(ofFileAt: path)
        let (thumbnail, preview) = (try images.decode(variants.thumbnail), try images.decode(variants.preview))
        #expect(MediaType(sniffing: variants.thumbnail) == .webp && MediaType(sniffing: variants.preview) == .jpeg)
        #expect(preview.width == 1_080 && preview.height == 1_440 && !preview.hasMetadata)
        #expect(thumbnail.width == 188 && thumbnail.height == 250 && !thumbnail.hasMetadata)
    }

    @Test func truncatedAndCorruptFilesAreRefusedWithAReason() throws {
        let images = try TestImages()
        defer { images.remove() }
        let whole = try Data(contentsOf: URL(fileURLWithPath: try images.make("whole.jpg", width: 1_200, height: 900)))
        let truncated = try images.write(whole.prefix(whole.count / 2), as: "truncated.jpg")
        #expect(throws: ImageError.self) { try reader.thumbnail(ofFileAt: truncated) }
        let corrupt = try images.write(Data([0xFF, 0xD8, 0xFF, 0xE0]) + Data(repeating: 0x42, count: 4_000), as: "corrupt.jpg")
        do {
            _ = try reader.facts(ofFileAt: corrupt)
            Issue.record("a corrupt file was read")
        } catch {
            guard case .unreadable(let reason) = error else { Issue.record("\(error)"); return }
            #expect(!reason.isEmpty)
        }
    }

    @Test func imagesOverThePixelLimitAreRefusedBeforeDecoding() throws {
        let images = try TestImages()
        defer { images.remove() }
        let path = try images.make("wide.png", width: 400, height: 300)
        let strict = ImageReader(pixelLimit: 100_000)
        #expect(throws: ImageError.tooManyPixels(width: 400, height: 300, limit: 100_000)) { try strict.facts(ofFileAt: path) }
        #expect(throws: ImageError.tooManyPixels(width: 400, height: 300, limit: 100_000)) { try strict.thumbnail(ofFileAt: path) }
        #expect(try ImageReader(pixelLimit: 120_000).facts(ofFileAt: path).width == 400)
    }
}
