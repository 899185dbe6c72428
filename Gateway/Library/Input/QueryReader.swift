import Hummingbird
import RoamRuntime

/// Reads a request's query parameters, noting every bad one before failing with all of them.
struct QueryReader {
    private let query: FormQuery
    private(set) var validation = Validation()

    init(_ request: Request) {
        query = FormQuery(request.uri.query)
    }

    func string(_ name: String) -> String? {
        query[name]
    }

    /// A finite number, or nil when absent (noting it when `required`) or not a number.
    mutating func number(_ name: String, required: Bool) -> Double? {
        guard let raw = string(name) else {
            if required { validation.fail(name, "is required") }
            return nil
        }
        guard let value = PlainNumber.parse(raw) else {
            validation.fail(name, "must be a number")
            return nil
        }
        return value
    }

    mutating func fail(_ name: String, _ description: String) {
        validation.fail(name, description)
    }

    func check() throws(RoamError) {
        try validation.check()
    }
}
