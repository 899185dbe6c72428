import Foundation
import MediaTesting
import RoamRuntime
import RoamTesting
import Testing

@testable import Gateway
@testable import Media

/// `/v1/media` through the real gateway and the real media service (libvips, files, in-memory rows):
/// uploads streamed as the body or as a form, the library, signed links, ranges and caching headers.
@Suite struct GatewayMediaTests {
    /// The gateway in front of accounts and a media service signing links with the gateway's secret.
    static func withMedia(_ settings: [String: String] = [:], _ body: @Sendable (HTTPTestClient) async throws -> Void) async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("roam-gateway-media-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let gatewaySettings = try GatewayHarness.settings(settings)
        let media = MediaService(
            repository: InMemoryMediaStore(), blobs: try LocalFileBlobStore(root: root.appendingPathComponent("blobs")),
            images: ImageProcessor(reader: ImageReader(pixelLimit: 100_000_000), workers: ImageWorkers(threads: 2)),
            policy: MediaPolicy(maxBytes: 2_000_000), scratchDirectory: root)
        let service = MediaGRPCService(
            media: media, spool: try UploadSpool(directory: root.appendingPathComponent("spool")), maxBytes: 2_000_000,
            links: MediaLinkSigner(serviceSecret: gatewaySettings.serviceSecret))
        try await GatewayHarness.withAccounts(settings: gatewaySettings, media: [service], body)
    }

    @Test func anUploadedPhotoIsTheOwnersWithItsPositionAndOthersSeeItOnlyThroughSignedLinksWithoutMetadata() async throws {
        try await Self.withMedia { http in
            let ana = try await GatewayAccountsTests.signUp(http).access
            let bo = try await GatewayAccountsTests.signUp(http).access
            let photo = try TestPhoto.bytes(exif: TestPhoto.cameraFields, orientation: 6)

            // The bytes as the body; the header says PNG, the bytes say JPEG, and the bytes win.
            let uploaded = try await http.send("POST", "/v1/media", body: photo, token: ana, headers: ["Content-Type": "image/png"])
            #expect(uploaded.status == 201)
            let item = try uploaded.json()
            let id = try #require(item["mediaId"] as? String)
            #expect(item["kind"] as? String == "jpeg" && item["duplicate"] as? Bool == false && item["utcOffsetSeconds"] as? Int == 7_200)
            #expect((item["position"] as? [String: Any])?["latitude"] != nil && item["cameraModel"] as? String == "Test Camera")
            let again = try await http.send("POST", "/v1/media", body: photo, token: ana, headers: ["Content-Type": "image/jpeg"])
            let againJSON = try again.json()
            #expect(again.status == 200 && againJSON["mediaId"] as? String == id && againJSON["duplicate"] as? Bool == true)

            // A retry with the same Idempotency-Key answers the first item, even if the bytes differ.
            let keyedHeaders = ["Content-Type": "image/jpeg", "Idempotency-Key": "upload-\(UUID())"]
            let keyed = try await http.send("POST", "/v1/media", body: try TestPhoto.bytes(width: 50, height: 50), token: ana, headers: keyedHeaders)
            let keyedAgain = try await http.send(
                "POST", "/v1/media", body: try TestPhoto.bytes(width: 60, height: 60), token: ana, headers: keyedHeaders)
            let (keyedID, keyedAgainID) = (try keyed.json()["mediaId"] as? String, try keyedAgain.json()["mediaId"] as? String)
            #expect(keyed.status == 201 && keyedAgain.status == 200 && keyedID == keyedAgainID)
            #expect(try await http.send("DELETE", "/v1/media/\(keyedID ?? "")", token: ana).status == 204)

            // The owner reads the original as uploaded, EXIF and all, and a range of it.
            let original = try await http.send("GET", "/v1/media/\(id)/content", token: ana)
            #expect(original.status == 200 && original.body == photo && original.header("Content-Type") == "image/jpeg")
            #expect(original.header("Content-Length") == String(photo.count) && original.header("Accept-Ranges") == "bytes")
            let etag = try #require(original.header("ETag"))
            #expect(original.header("Cache-Control")?.hasPrefix("private") == true)
            let ranged = try await http.send("GET", "/v1/media/\(id)/content", token: ana, headers: ["Range": "bytes=10-19"])
            #expect(ranged.status == 206 && ranged.body == photo[10...19] && ranged.header("Content-Range") == "bytes 10-19/\(photo.count)")
            let tail = try await http.send("GET", "/v1/media/\(id)/content", token: ana, headers: ["Range": "bytes=\(photo.count - 5)-"])
            #expect(tail.status == 206 && tail.body == photo.suffix(5))
            let past = try await http.send("GET", "/v1/media/\(id)/content", token: ana, headers: ["Range": "bytes=\(photo.count)-"])
            #expect(past.status == 416 && past.reason == "RANGE_NOT_SATISFIABLE")
            let unchanged = try await http.send("GET", "/v1/media/\(id)/content", token: ana, headers: ["If-None-Match": etag])
            #expect(unchanged.status == 304 && unchanged.body.isEmpty)

            // Bo: nothing by id, nothing by his own token; through the signed links, variants without metadata.
            #expect(try await http.send("GET", "/v1/media/\(id)", token: bo).status == 404)
            #expect(try await http.send("GET", "/v1/media/\(id)/content", token: bo).status == 404)
            #expect(try await http.send("GET", "/v1/media/\(id)/content").status == 404)
            let links = try #require(item["links"] as? [String: Any])
            for variant in ["original", "preview", "thumbnail"] {
                let link = try #require(links[variant] as? String)
                let shared = try await http.send("GET", link)
                #expect(shared.status == 200, "\(variant)")
                #expect(try !TestPhoto.hasMetadata(shared.body), "\(variant) carries metadata")
                #expect(shared.header("Cache-Control")?.hasPrefix("private, max-age=") == true, "\(shared.headers)")
            }
            let thumbnail = try #require(links["thumbnail"] as? String)
            let tampered = thumbnail.replacingOccurrences(of: "variant=thumbnail", with: "variant=original")
            #expect(try await http.send("GET", tampered).status == 404)
            let expired = thumbnail.replacing(/expires=\d+/, with: "expires=1700000000")
            #expect(try await http.send("GET", expired).status == 404)
            let unsigned = try await http.send("GET", "/v1/media/\(id)/content?variant=thumbnail&expires=99999999999")
            #expect(unsigned.status == 400 && unsigned.problemFields == ["signature"])
            let overflowing = try await http.send("GET", "/v1/media/\(id)/content?variant=thumbnail&expires=99999999999999999999&signature=x")
            #expect(overflowing.status == 400 && overflowing.problemFields == ["expires"])

            // The library and the item's metadata.
            let library = try await http.send("GET", "/v1/me/media?latitude=59.33&longitude=18.07&withinMeters=5000", token: ana)
            let near = try library.json()["media"] as? [[String: Any]] ?? []
            #expect(near.compactMap { $0["mediaId"] as? String } == [id])
            let partial = try await http.send("GET", "/v1/me/media?latitude=59.33", token: ana)
            #expect(partial.status == 400 && partial.problemFields == ["longitude"])
            let described = try await http.send("PATCH", "/v1/media/\(id)", json: ["description": "Harbour", "tags": ["dusk"]], token: ana)
            let describedJSON = try described.json()
            #expect(described.status == 200 && describedJSON["tags"] as? [String] == ["dusk"])
            let check = try await http.send("POST", "/v1/media/check", json: ["sha256": [item["sha256"] as? String ?? "", "00"]], token: ana)
            let known = try check.json()["sha256"] as? [String]
            #expect(known == [item["sha256"] as? String ?? ""])

            // Clearing an inferred position is under the DELETE rule: a stranger's and a repeat are not found.
            let inferred = "/v1/media/\(id)/inferred-position"
            #expect(try await http.send("DELETE", inferred, token: bo).status == 404)
            #expect(try await http.send("DELETE", inferred, token: ana).status == 200)
            let twice = try await http.send("DELETE", inferred, token: ana)
            #expect(twice.status == 404 && twice.text.contains("inferred position"), "\(twice.text)")

            #expect(try await http.send("DELETE", "/v1/media/\(id)", token: ana).status == 204)
            #expect(try await http.send("DELETE", "/v1/media/\(id)", token: ana).status == 404)
            #expect(try await http.send("GET", try #require(links["original"] as? String)).status == 404)
        }
    }

    @Test func aFormCarriesTheClientsTimeAndPositionBeforeTheFile() async throws {
        try await Self.withMedia { http in
            let ana = try await GatewayAccountsTests.signUp(http).access
            let bare = try TestPhoto.bytes("png")
            let form = MultipartForm(
                fields: [
                    ("capturedAt", "2024-06-01T10:00:00Z"), ("utcOffsetSeconds", "3600"),
                    ("latitude", "48.8566"), ("longitude", "2.3522"), ("deviceAssetId", "IMG_0042"),
                ],
                file: bare, fileType: "image/png")
            let uploaded = try await http.send("POST", "/v1/media", body: form.body, token: ana, headers: ["Content-Type": form.contentType])
            #expect(uploaded.status == 201, "\(String(decoding: uploaded.body, as: UTF8.self))")
            let item = try uploaded.json()
            #expect(item["kind"] as? String == "png" && item["deviceAssetId"] as? String == "IMG_0042" && item["utcOffsetSeconds"] as? Int == 3_600)
            #expect((item["position"] as? [String: Any])?["latitude"] as? Double == 48.8566)
            let check = try await http.send("POST", "/v1/media/check", json: ["deviceAssetIds": ["IMG_0042", "IMG_0043"]], token: ana)
            let known = try check.json()["deviceAssetIds"] as? [String]
            #expect(known == ["IMG_0042"])

            // A field after the file, a bad field, or no file at all: refused, and nothing is stored.
            let late = MultipartForm(fields: [], file: try TestPhoto.bytes(width: 10, height: 10), fileType: "image/jpeg", after: [("latitude", "1")])
            let lateReply = try await http.send("POST", "/v1/media", body: late.body, token: ana, headers: ["Content-Type": late.contentType])
            #expect(lateReply.status == 400 && lateReply.problemFields == ["latitude"])
            let wrong = MultipartForm(fields: [("latitude", "91"), ("longitude", "0")], file: bare, fileType: "image/png")
            let wrongReply = try await http.send("POST", "/v1/media", body: wrong.body, token: ana, headers: ["Content-Type": wrong.contentType])
            #expect(wrongReply.status == 400 && wrongReply.problemFields == ["latitude"])
            let library = try await http.send("GET", "/v1/me/media", token: ana).json()["media"] as? [[String: Any]]
            #expect(library?.count == 1)
        }
    }

    @Test func wrongTypesTooLargeAndCorruptUploadsAreRefusedWithTheirStatus() async throws {
        try await Self.withMedia { http in
            let ana = try await GatewayAccountsTests.signUp(http).access
            #expect(try await http.send("POST", "/v1/media", body: Data("hello".utf8), headers: ["Content-Type": "image/jpeg"]).status == 401)
            let text = try await http.send(
                "POST", "/v1/media", body: Data("GIF89a not really".utf8), token: ana, headers: ["Content-Type": "image/jpeg"])
            #expect(text.status == 415 && text.reason == "UNSUPPORTED_MEDIA_TYPE")
            let big = try await http.send("POST", "/v1/media", body: Data(count: 2_000_001), token: ana, headers: ["Content-Type": "image/jpeg"])
            #expect(big.status == 413 && big.reason == "MEDIA_TOO_LARGE")
            let empty = try await http.send("POST", "/v1/media", body: Data(), token: ana, headers: ["Content-Type": "image/jpeg"])
            #expect(empty.status == 400 && empty.problemFields == ["file"])
            let plain = try await http.send("POST", "/v1/media", body: Data("hello".utf8), token: ana, headers: ["Content-Type": "text/plain"])
            #expect(plain.status == 415 && plain.reason == "UNSUPPORTED_MEDIA_TYPE")
            let photo = try TestPhoto.bytes()
            let truncated = try await http.send(
                "POST", "/v1/media", body: photo.prefix(photo.count / 2), token: ana,
                headers: ["Content-Type": "image/jpeg"])
            #expect(truncated.status == 422 && truncated.reason == "UNREADABLE_MEDIA")
            let library = try await http.send("GET", "/v1/me/media", token: ana).json()["media"] as? [[String: Any]]
            #expect(library?.isEmpty == true)
        }
    }
}
