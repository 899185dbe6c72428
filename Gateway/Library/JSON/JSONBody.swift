import Foundation
import Hummingbird
import RoamProto
import RoamRuntime

/// Reads a request's JSON body into `Body`, turning every way it can be wrong into a 4xx that names
/// the field: malformed JSON, a missing field, a wrong type, a body that is too large.
enum JSONBody {
    static func decode<Body: Decodable>(_ type: Body.Type, from request: Request, context: GatewayRequestContext) async throws -> Body {
        if let contentType = request.headers[.contentType], !contentType.lowercased().hasPrefix("application/json") {
            throw HTTPError(.unsupportedMediaType)
        }
        var request = request
        let buffer = try await request.collectBody(upTo: context.maxBodyBytes)
        guard buffer.readableBytes > 0 else {
            throw RoamError(.invalidArgument, reason: "MALFORMED_JSON", message: "a JSON body is required")
        }
        do {
            let decoder = JSONDecoder()
            decoder.dateDecodingStrategy = .iso8601
            return try decoder.decode(Body.self, from: Data(buffer.readableBytesView))
        } catch let error as DecodingError {
            throw Self.error(for: error)
        }
    }

    static func error(for error: DecodingError) -> RoamError {
        switch error {
        case .keyNotFound(let key, let context):
            return RoamError.invalidField(path(context.codingPath + [key]), "is required")
        case .typeMismatch(let type, let context):
            return RoamError.invalidField(path(context.codingPath), "must be \(describe(type))")
        case .valueNotFound(let type, let context):
            return RoamError.invalidField(path(context.codingPath), "must be \(describe(type)), not null")
        case .dataCorrupted(let context) where context.debugDescription.contains("from invalid String value"):
            // A generated enum refused the value; its message would name a Swift type.
            return RoamError.invalidField(path(context.codingPath), "is not one of the values the API document lists")
        case .dataCorrupted(let context) where !context.codingPath.isEmpty:
            return RoamError.invalidField(path(context.codingPath), context.debugDescription)
        default:
            return RoamError(.invalidArgument, reason: "MALFORMED_JSON", message: "the body is not valid JSON")
        }
    }

    static func path(_ codingPath: [any CodingKey]) -> String {
        codingPath.reduce(into: "") { path, key in
            if let index = key.intValue { path += "[\(index)]" } else { path += path.isEmpty ? key.stringValue : ".\(key.stringValue)" }
        }
    }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Bool.Type: "true or false"
        case is Int.Type, is Int32.Type, is Int64.Type: "a whole number"
        case is Double.Type: "a number"
        default: "\(type)"
        }
    }
}

/// `?pageSize=&pageToken=` on list routes.
struct PageQuery {
    var size: Int32
    var token: String

    init(_ request: Request) throws(RoamError) {
        let query = FormQuery(request.uri.query)
        guard let raw = query["pageSize"] else {
            try self.init(size: 20, token: query["pageToken"])
            return
        }
        guard let size = Int32(raw) else { throw Self.badSize }
        try self.init(size: Int(size), token: query["pageToken"])
    }

    /// As a generated operation decoded them (the generated code checks no `minimum` or `maximum`).
    init(size: Int?, token: String?) throws(RoamError) {
        let size = size ?? 20
        guard (1...100).contains(size) else { throw Self.badSize }
        self.size = Int32(size)
        self.token = token ?? ""
    }

    private static var badSize: RoamError { RoamError.invalidField("pageSize", "must be a whole number from 1 to 100") }

    var proto: Roam_Common_V1_PageRequest {
        .with {
            $0.pageSize = size
            $0.pageToken = token
        }
    }
}
