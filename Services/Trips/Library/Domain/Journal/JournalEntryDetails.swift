import Foundation
import RoamCore

/// An entry's checked details: what `JournalDraft.validated(for:today:)` gives and an entry keeps.
public struct JournalEntryDetails: Sendable, Hashable {
    public var title: String
    public var body: String
    /// The trip day it is about.
    public var date: LocalDate
    /// Photos, in the order the traveller put them; the first is the cover.
    public var mediaIDs: [UUID]
    /// The id of the prompt it answers (`JournalPrompts`).
    public var promptID: String?
    public var locationTags: [LocationTag]
}
