/// Small helpers for the JSON Schemas in the OpenAPI document.
enum JSONSchema {
    static let string: OpenAPIValue = ["type": "string"]
    static let uuid: OpenAPIValue = ["type": "string", "format": "uuid"]
    static let dateTime: OpenAPIValue = ["type": "string", "format": "date-time"]
    static let bool: OpenAPIValue = ["type": "boolean"]
    static let int64: OpenAPIValue = ["type": "integer", "format": "int64"]
    static let int32: OpenAPIValue = ["type": "integer", "format": "int32"]
    static let number: OpenAPIValue = ["type": "number"]

    static func number(_ description: String, minimum: Int? = nil, maximum: Int? = nil) -> OpenAPIValue {
        var schema: [String: OpenAPIValue] = ["type": "number", "description": .string(description)]
        if let minimum { schema["minimum"] = .int(minimum) }
        if let maximum { schema["maximum"] = .int(maximum) }
        return .object(schema)
    }

    static func integer(_ description: String, minimum: Int? = nil, maximum: Int? = nil) -> OpenAPIValue {
        var schema: [String: OpenAPIValue] = ["type": "integer", "description": .string(description)]
        if let minimum { schema["minimum"] = .int(minimum) }
        if let maximum { schema["maximum"] = .int(maximum) }
        return .object(schema)
    }

    static func enumeration(_ values: [String], _ description: String = "") -> OpenAPIValue {
        var schema: [String: OpenAPIValue] = ["type": "string", "enum": .array(values.map(OpenAPIValue.string))]
        if !description.isEmpty { schema["description"] = .string(description) }
        return .object(schema)
    }

    static func ref(_ name: String) -> OpenAPIValue {
        ["$ref": .string("#/components/schemas/\(name)")]
    }

    static func array(of items: OpenAPIValue) -> OpenAPIValue {
        ["type": "array", "items": items]
    }

    static func map(of values: OpenAPIValue) -> OpenAPIValue {
        ["type": "object", "additionalProperties": values]
    }

    static func nullable(_ schema: OpenAPIValue) -> OpenAPIValue {
        guard case .object(var object) = schema, case .string(let type)? = object["type"] else { return schema }
        object["type"] = [.string(type), "null"]
        return .object(object)
    }

    /// An object whose listed `required` properties are always present.
    static func object(_ properties: [String: OpenAPIValue], required: [String]) -> OpenAPIValue {
        ["type": "object", "properties": .object(properties), "required": .array(required.sorted().map(OpenAPIValue.string))]
    }

    static func string(_ description: String, format: String? = nil, minLength: Int? = nil, maxLength: Int? = nil) -> OpenAPIValue {
        var schema: [String: OpenAPIValue] = ["type": "string", "description": .string(description)]
        if let format { schema["format"] = .string(format) }
        if let minLength { schema["minLength"] = .int(minLength) }
        if let maxLength { schema["maxLength"] = .int(maxLength) }
        return .object(schema)
    }
}
