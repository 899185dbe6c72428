import Foundation
import Testing

/// A request part's field names are renamed through its `ServiceFieldNames` type
/// (`ServiceFieldNamesTests`), never with a map written at the call.
@Suite struct FieldRenameCallTests {
    /// A map written at the call would be a rename no part declares.
    @Test func callsRenameOnlyThroughAPartsType() throws {
        let library = RequestBodyMembersTests.library
        let files = try FileManager.default.subpathsOfDirectory(atPath: library.path).filter { $0.hasSuffix(".swift") }
        var inline: [String] = []
        for file in files where file != "Errors/RoamError+JSONFieldNames.swift" {
            let source = try String(contentsOf: library.appending(path: file), encoding: .utf8)
            if source.contains("renamingFields([") || source.contains("renamingFields(names") { inline.append(file) }
        }
        #expect(inline.isEmpty, "renames written at the call in \(inline)")
    }
}
