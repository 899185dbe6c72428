import Foundation
import Testing

@testable import Media

@Suite struct MediaTypeTests {
    @Test func imagesAreKnownByTheirBytesWhateverTheirName() throws {
        let images = try TestImages()
        defer { images.remove() }
        for (name, type) in [("a.jpg", MediaType.jpeg), ("a.png", .png), ("a.webp", .webp), ("a.heic", .heic)] {
            let bytes = try Data(contentsOf: URL(fileURLWithPath: try images.make(name)))
            #expect(MediaType(sniffing: bytes) == type, "\(name)")
        }
        let png = try Data(contentsOf: URL(fileURLWithPath: try images.make("really-a.png")))
        let misnamed = try images.write(png, as: "photo.jpg")
        #expect(MediaType(sniffing: try Data(contentsOf: URL(fileURLWithPath: misnamed))) == .png)
    }

    @Test func videosAreKnownByTheirBrand() {
        func box(_ brand: String) -> [UInt8] { [0, 0, 0, 24] + Array("ftyp\(brand)".utf8) + [0, 0, 2, 0] }
        #expect(MediaType(sniffing: box("isom")) == .mp4)
        #expect(MediaType(sniffing: box("mp42")) == .mp4)
        #expect(MediaType(sniffing: box("qt  ")) == .mov)
        #expect(MediaType(sniffing: box("heic")) == .heic)
        #expect(MediaType(sniffing: box("mif1")) == .heif)
        #expect(MediaType.mov.isVideo && !MediaType.heic.isVideo)
        #expect(MediaType.mov.contentType == "video/quicktime")
    }

    @Test func anythingElseIsUnknown() {
        #expect(MediaType(sniffing: Array("GIF89a and more bytes".utf8)) == nil)
        #expect(MediaType(sniffing: Array("%PDF-1.7 and more bytes".utf8)) == nil)
        #expect(MediaType(sniffing: [0, 0, 0, 24] + Array("ftypavis".utf8) + [0, 0, 0, 0]) == nil)
        #expect(MediaType(sniffing: [0xFF, 0xD8]) == nil)
        #expect(MediaType(sniffing: [UInt8]()) == nil)
    }
}
