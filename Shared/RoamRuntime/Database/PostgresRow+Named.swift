import PostgresNIO

extension PostgresRow {
    /// A column a query adds after an entity's own (a distance, a time it was saved), read by its name:
    /// the entity's columns decode as a typed tuple from the front, so an added column is never read by
    /// a position that shifts when the entity gains one.
    public func decode<Value: PostgresDecodable>(_ type: Value.Type, named name: String) throws -> Value {
        try makeRandomAccess()[name].decode(Value.self)
    }
}
