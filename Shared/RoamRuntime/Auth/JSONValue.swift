import Foundation
import JWTKit
import Logging

enum JSONValue: Decodable {
    case string(String)
    case other

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        self = (try? container.decode(String.self)).map(JSONValue.string) ?? .other
    }
}
