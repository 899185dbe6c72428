/// The passwords breaches show most often (the UK NCSC's top 100,000 from Have I Been Pwned), refused
/// whatever their length: the first ones any guesser tries, against every account at once.
enum BreachedPasswords {
    private static let set = Set(lines.split(separator: "\n"))

    static func contains(_ password: String) -> Bool {
        set.contains(Substring(password.lowercased()))
    }
}
