/// A refusal of the import, told in the file's terms.
struct PlacesImportError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
