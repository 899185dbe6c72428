import Foundation
import GRPCCore
import HTTPTypes
import Hummingbird
import RoamProto
import RoamRuntime

/// `GET /v1/media/{id}/content`: a variant's bytes relayed from the media service as they come, whole
/// or a range, with `ETag`, `Cache-Control` and `Content-Length`. The owner reads with a token; anyone
/// else with a signed link, which media checks; without either, 404 as for an id that does not exist.
/// A plain route: its headers must go out as written (the generated code would percent-encode them).
struct MediaContentRoute<Transport: ClientTransport>: Sendable {
    let media: MediaCaller<Transport>

    func register(in table: RouteTable) {
        table.add(.get, "/v1/media/{id}/content") { request, context in
            let query = FormQuery(request.uri.query)
            var download = Roam_Media_V1_DownloadRequest.with {
                $0.mediaID = context.parameters.get("id") ?? ""
                $0.variant =
                    switch query["variant"] {
                    case "preview": .preview
                    case "thumbnail": .thumbnail
                    default: .original
                    }
            }
            let expires = try query["expires"].map { text throws(RoamError) in
                guard let seconds = Int64(text) else { throw RoamError.invalidField("expires", "must be whole seconds since 1970") }
                return seconds
            }
            switch (expires, query["signature"]) {
            case (let expires?, let signature?):
                download.link = .with {
                    $0.expires = expires; $0.signature = signature
                }
            case (nil, nil): guard context.user != nil else { throw RoamError.notFound("media") }
            case (nil, _): throw RoamError.invalidField("expires", "is required with signature")
            case (_, nil): throw RoamError.invalidField("signature", "is required with expires")
            }
            let range = request.headers[.range].flatMap(ByteRange.init(header:))
            if let range {
                download.rangeStart = range.first
                if let last = range.last { download.rangeEnd = last }
            }
            // A range past the end is media's RANGE_NOT_SATISFIABLE, a 416 problem.
            let relay = try await CallContext.$current.withValue(context.callContext) {
                try await MediaDownloadRelay.open(download, media: media)
            }
            return Self.response(
                relay, range: range != nil, link: download.hasLink ? download.link : nil,
                knownTags: request.headers[.ifNoneMatch])
        }
    }

    static func response(_ relay: MediaDownloadRelay, range: Bool, link: Roam_Media_V1_SignedLink?, knownTags: String?) -> Response {
        let head = relay.head
        var headers = HTTPFields()
        headers[.eTag] = head.etag
        // A link is valid until it expires, and a cached copy no longer; the owner's own reads may be
        // kept an hour. `private`: a shared cache must not keep what the owner may delete.
        let maxAge = link.map { max(0, $0.expires - Int64(Date().timeIntervalSince1970)) } ?? 3_600
        headers[.cacheControl] = "private, max-age=\(maxAge)"
        if let knownTags, knownTags.split(separator: ",").contains(where: { $0.trimmingCharacters(in: .whitespaces) == head.etag || $0 == "*" }) {
            relay.cancel()
            return Response(status: .notModified, headers: headers)
        }
        headers[.contentType] = head.contentType
        headers[.acceptRanges] = "bytes"
        var status = HTTPResponse.Status.ok
        if range {
            status = .partialContent
            headers[.contentRange] = "bytes \(head.rangeStart)-\(head.rangeEnd)/\(head.sizeBytes)"
        }
        return Response(
            status: status, headers: headers,
            body: ResponseBody(contentLength: Int(head.rangeEnd - head.rangeStart + 1)) { writer in
                for try await chunk in relay.chunks { try await writer.write(ByteBuffer(bytes: chunk)) }
                try await writer.finish(nil)
            })
    }
}
