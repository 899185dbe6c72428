import Foundation

extension OpenAPIValue {
    /// A value `JSONSerialization` read, as `JSONDecoder` would have decoded it (`init(from:)`): true and
    /// false stay booleans, a number that is a whole `Int` (`1.0`, `1e3`) is an integer, any other a
    /// `Double`.
    init(jsonObject object: Any) {
        switch object {
        case let text as String:
            self = .string(text)
        case let number as NSNumber:
            self = Self(number)
        case let array as [Any]:
            self = .array(array.map(OpenAPIValue.init(jsonObject:)))
        case let object as [String: Any]:
            self = .object(object.mapValues(OpenAPIValue.init(jsonObject:)))
        default:
            self = .null
        }
    }

    private init(_ number: NSNumber) {
        // Booleans are NSNumbers too (on Linux and Apple platforms alike): their type code is C's `char`.
        switch String(cString: number.objCType) {
        case "c", "B":
            self = .bool(number.boolValue)
        case "s", "i", "l", "q", "C", "S", "I", "L":
            self = .int(number.intValue)
        case "Q":
            // Past Int.max: JSONDecoder reads it as a Double.
            self = Int(exactly: number.uint64Value).map(OpenAPIValue.int) ?? .number(number.doubleValue)
        default:
            // A Double, or a Decimal too long for one.
            self = Int(exactly: number.doubleValue).map(OpenAPIValue.int) ?? .number(number.doubleValue)
        }
    }
}
