/// A request part — a JSON body, a query, a path — whose fields a service names otherwise than the client
/// did in more than case (`near.latitude` for the query's `lat`). Declared once on the part's type, so a
/// field error from the service names the field the client sent.
protocol ServiceFieldNames {
    /// The service's name of each field → the client's. `points[].position.latitude` stands for the
    /// field at any index, which the client's name then carries (`points[3].latitude`).
    static var serviceFieldNames: [String: String] { get }
}
