import OpenAPIRuntime
import RoamRuntime

/// Holds a JSON body against its operation's schema in the document, as the generated decoder will read
/// it, before any handler runs. Every refusal names the field as the client sent it and says what the
/// document wants; the decoder's own errors name Swift types, list no enum values, and lose the field
/// altogether for a fraction in a whole number or a malformed date. Ranges and lengths are left to the
/// services, which own those rules.
struct BodySchemaCheck {
    /// The component schemas a `$ref` names, by name.
    let schemas: [String: OpenAPIValue]

    func check(_ value: OpenAPIValue, against schema: OpenAPIValue?, at path: String, into validation: inout Validation) {
        let schema = resolved(schema)
        let field = path.isEmpty ? "body" : path
        switch (schema?["type"], value) {
        case ("object"?, .object(let object)):
            checkMembers(of: object, against: schema, at: path, into: &validation)
        case ("object"?, _):
            validation.fail(field, "must be a JSON object")
        case ("array"?, .array(let elements)):
            for (index, element) in elements.enumerated() {
                check(element, against: schema?["items"], at: "\(path)[\(index)]", into: &validation)
            }
        case ("array"?, _):
            validation.fail(field, "must be an array")
        case ("string"?, .string(let text)):
            if case .array(let listed)? = schema?["enum"], !listed.contains(.string(text)) {
                let names = listed.compactMap { if case .string(let name) = $0 { name } else { nil } }
                validation.fail(field, "must be one of \(names.joined(separator: ", "))")
            } else if schema?["format"] == "date-time", RFC3339.date(text) == nil {
                validation.fail(field, "must be an RFC 3339 date and time such as 2030-01-31T18:00:00.000Z")
            }
        case ("string"?, _):
            validation.fail(field, "must be a string")
        case ("integer"?, .int(let number)):
            // An int32 field decodes as Int32: a larger number would fail in the decoder, naming no field.
            if schema?["format"] == "int32", Int32(exactly: number) == nil { validation.fail(field, "is out of range") }
        case ("integer"?, .number(let number)):
            validation.fail(field, number.rounded() == number ? "is out of range" : "must be a whole number")
        case ("integer"?, _):
            validation.fail(field, "must be a whole number")
        case ("number"?, .int), ("number"?, .number):
            break
        case ("number"?, _):
            validation.fail(field, "must be a number")
        case ("boolean"?, .bool):
            break
        case ("boolean"?, _):
            validation.fail(field, "must be true or false")
        default:
            // A schema without a plain type (none so far) is left to the decoder.
            break
        }
    }

    private func checkMembers(
        of object: [String: OpenAPIValue], against schema: OpenAPIValue?, at path: String,
        into validation: inout Validation
    ) {
        var required: Set<String> = []
        if case .array(let names)? = schema?["required"] {
            required = Set(names.compactMap { if case .string(let name) = $0 { name } else { nil } })
        }
        guard case .object(let properties)? = schema?["properties"] else { return }
        for (name, property) in properties.sorted(by: { $0.key < $1.key }) {
            let field = path.isEmpty ? name : "\(path).\(name)"
            switch object[name] {
            case nil where required.contains(name):
                validation.fail(field, "is required")
            case .null? where required.contains(name):
                validation.fail(field, "must not be null")
            case nil, .null?:
                break
            case let value?:
                check(value, against: property, at: field, into: &validation)
            }
        }
    }

    /// A `PATCH` body with each `null` turned into what removes the field: `""` for text, `[]` for a
    /// list, and for an object the schema's `remove<Name>` flag. A field nothing removes (a number, an
    /// object without that flag) is refused by name: leaving it out keeps it. Nil when there is no `null`.
    func clearingNulls(
        in object: [String: OpenAPIValue], against schema: OpenAPIValue?, into validation: inout Validation
    )
        -> [String: OpenAPIValue]?
    {
        let schema = resolved(schema)
        guard schema?["type"] == "object", case .object(let properties)? = schema?["properties"],
            object.values.contains(.null)
        else { return nil }
        var cleared = object
        for (name, value) in object.sorted(by: { $0.key < $1.key }) where value == .null {
            guard let property = resolved(properties[name]) else { continue }
            let flag = "remove" + name.prefix(1).uppercased() + name.dropFirst()
            switch property["type"] {
            case "string"?: cleared[name] = .string("")
            case "array"?: cleared[name] = .array([])
            case "object"? where properties[flag]?["type"] == "boolean":
                cleared[name] = nil
                cleared[flag] = .bool(true)
            default: validation.fail(name, "cannot be removed; leave it out to keep it")
            }
        }
        return cleared
    }

    /// The schema a `$ref` names, or the schema itself.
    private func resolved(_ schema: OpenAPIValue?) -> OpenAPIValue? {
        guard case .string(let reference)? = schema?["$ref"] else { return schema }
        return resolved(schemas[String(reference.split(separator: "/").last ?? "")])
    }
}
