/// The optional members of `value` that are nil, by path (`details.placeID`), looking inside its
/// structs. A store's round trip of a value with none unset proves every member is written and read
/// back: a memberwise init defaults an optional `var` to nil, so a member added to an entity but left
/// out of a row would otherwise compile and silently come back empty.
public func unsetMembers(of value: Any, at path: String = "") -> [String] {
    let mirror = Mirror(reflecting: value)
    if mirror.displayStyle == .optional {
        guard let wrapped = mirror.children.first?.value else { return [path] }
        return unsetMembers(of: wrapped, at: path)
    }
    guard mirror.displayStyle == .struct || mirror.displayStyle == .class else { return [] }
    // Foundation's values (dates, ids, decimals) are leaves, whatever they hold inside.
    guard !String(reflecting: type(of: value)).hasPrefix("Foundation.") else { return [] }
    return mirror.children.flatMap { child in
        unsetMembers(of: child.value, at: path.isEmpty ? child.label ?? "?" : "\(path).\(child.label ?? "?")")
    }
}
