import Foundation

/// The in-memory store's stand-in for `websearch_to_tsquery('simple', …)` against
/// `to_tsvector('simple', text)`: words are runs of letters and digits, any case; every word of the
/// query must appear, except after `or` (either side will do) and `-word` (must not appear);
/// "quoted words" must appear together in that order.
struct TextSearch {
    private enum Term {
        case word(String)
        case phrase([String])
        case not(String)
    }

    /// Alternatives (split at `or`), each a list of terms that must all hold.
    private let alternatives: [[Term]]

    init(_ query: String) {
        var alternatives: [[Term]] = [[]]
        var rest = Substring(query)
        while let start = rest.firstIndex(where: { !$0.isWhitespace }) {
            rest = rest[start...]
            if rest.first == "\"" {
                let body = rest.dropFirst()
                let end = body.firstIndex(of: "\"") ?? body.endIndex
                let words = Self.words(in: String(body[..<end]))
                if !words.isEmpty { alternatives[alternatives.count - 1].append(.phrase(words)) }
                rest = end < body.endIndex ? body[body.index(after: end)...] : ""
                continue
            }
            let end = rest.firstIndex(where: \.isWhitespace) ?? rest.endIndex
            let token = rest[..<end]
            rest = rest[end...]
            if token.lowercased() == "or" {
                if !(alternatives.last ?? []).isEmpty { alternatives.append([]) }
            } else if token.hasPrefix("-") {
                for word in Self.words(in: String(token.dropFirst())) { alternatives[alternatives.count - 1].append(.not(word)) }
            } else {
                for word in Self.words(in: String(token)) { alternatives[alternatives.count - 1].append(.word(word)) }
            }
        }
        self.alternatives = alternatives.filter { !$0.isEmpty }
    }

    func matches(_ text: String) -> Bool {
        let words = Self.words(in: text)
        let present = Set(words)
        return alternatives.contains { terms in
            terms.allSatisfy { term in
                switch term {
                case .word(let word): present.contains(word)
                case .not(let word): !present.contains(word)
                case .phrase(let phrase): words.indices.contains { start in Array(words.dropFirst(start).prefix(phrase.count)) == phrase }
                }
            }
        }
    }

    static func words(in text: String) -> [String] {
        text.lowercased().split { !($0.isLetter || $0.isNumber) }.map(String.init)
    }
}
