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

/// The members `before` and `after` hold the same value in, by path, looking inside the structs of
/// their own module (`Expense.details`; a `Money` or a `Date` is one value). A nil on one side only is a
/// change. A store's round trip of an edit that changes every member must leave none the same but
/// those an edit keeps (the id, the owner, the creation time): a member left out of an update
/// statement keeps its old value and shows here.
public func unchangedMembers(from before: Any, to after: Any) -> [String] {
    let module = String(String(reflecting: type(of: before)).prefix { $0 != "." })
    return unchangedMembers(from: before, to: after, at: "", module: module)
}

func unchangedMembers(from before: Any, to after: Any, at path: String, module: String) -> [String] {
    let (old, new) = (Mirror(reflecting: before), Mirror(reflecting: after))
    if old.displayStyle == .optional || new.displayStyle == .optional {
        switch (old.children.first?.value, new.children.first?.value) {
        case (let one?, let other?): return unchangedMembers(from: one, to: other, at: path, module: module)
        case (nil, nil): return [path]
        default: return []
        }
    }
    let ownStruct = old.displayStyle == .struct && String(reflecting: type(of: before)).hasPrefix(module + ".") && !old.children.isEmpty
    guard ownStruct else { return String(reflecting: before) == String(reflecting: after) ? [path] : [] }
    return zip(old.children, new.children).flatMap { one, other in
        unchangedMembers(from: one.value, to: other.value, at: path.isEmpty ? one.label ?? "?" : "\(path).\(one.label ?? "?")", module: module)
    }
}
