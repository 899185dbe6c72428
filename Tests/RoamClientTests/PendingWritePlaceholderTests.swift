import Foundation
import HTTPTypes
import Testing

@testable import RoamClient

/// A write made offline names a create not sent yet by its placeholder; once the create is applied, the
/// id it got takes the placeholder's place, in the path and in the body.
struct PendingWritePlaceholderTests {
    @Test func aPlaceholderInThePathOrBodyIsReplacedByTheIdTheCreateGot() throws {
        let create = PendingWrite(
            operationID: "createJournalEntry", request: HTTPRequest(method: .post, scheme: nil, authority: nil, path: "/v1/trips/t/journal"),
            body: Data(#"{"title":"Harbour"}"#.utf8), idempotencyKey: "k", userID: "u")
        let photo = PendingWrite(
            operationID: "uploadMedia", request: HTTPRequest(method: .post, scheme: nil, authority: nil, path: "/v1/media"), body: nil,
            idempotencyKey: nil, userID: "u", fileName: "a.jpg")
        let edit = PendingWrite(
            operationID: "replaceJournalEntry",
            request: HTTPRequest(method: .put, scheme: nil, authority: nil, path: "/v1/trips/t/journal/\(create.placeholder)"),
            body: Data(#"{"title":"Dusk","mediaIds":["\#(photo.placeholder)"]}"#.utf8), idempotencyKey: nil, userID: "u")
        #expect(edit.names(create.placeholder) && edit.names(photo.placeholder) && !create.names(photo.placeholder))
        #expect(create.creates && photo.creates && !edit.creates)

        let resolved = edit.resolving([create.placeholder: "entry-1", photo.placeholder: "media-9"])
        #expect(resolved.path == "/v1/trips/t/journal/entry-1" && resolved.id == edit.id)
        #expect(String(decoding: resolved.body ?? Data(), as: UTF8.self) == #"{"title":"Dusk","mediaIds":["media-9"]}"#)
        #expect(edit.resolving(["someone-else": "x"]) == edit, "what it does not name stays")
    }

    @Test func theIdACreateGotIsItsAnswersIdOrTheOneItsKindNames() {
        #expect(PendingWrites.createdID(in: Data(#"{"id":"e1","tripId":"t"}"#.utf8)) == "e1")
        #expect(PendingWrites.createdID(in: Data(#"{"mediaId":"m1","sizeBytes":3}"#.utf8)) == "m1")
        #expect(PendingWrites.createdID(in: Data(#"{"postId":"p1"}"#.utf8)) == "p1")
        #expect(PendingWrites.createdID(in: Data("[]".utf8)) == nil)
    }

    @Test func anOlderKeptWriteWithoutTheNewFieldsIsStillRead() throws {
        let old =
            #"[{"id":"8C1B3E1E-7E4B-4C49-9B1C-2F0D1E2A3B4C","operationID":"createTrip","method":"POST","path":"/v1/trips","headers":[],"idempotencyKey":"k","queuedAt":0,"userID":"u"}]"#
        let writes = try JSONDecoder().decode([PendingWrite].self, from: Data(old.utf8))
        #expect(writes.first?.idempotencyKey == "k" && writes.first?.fileName == nil && writes.first?.body == nil)
    }
}
