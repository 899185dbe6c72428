/// A finished walk is private ("Done") until its owner posts it; a posted walk can be made private again.
public enum WalkVisibility: String, Sendable, Hashable, CaseIterable {
    case `private`
    case `public`
}
