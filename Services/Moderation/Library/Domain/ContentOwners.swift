/// The services that own content, each asked about its own kinds. Calls act for the current caller:
/// a reporter's describe is refused (404) when they may not see the content.
public protocol ContentOwners: Sendable {
    func describe(_ subject: Subject) async throws -> Content
    func takeDown(_ subject: Subject, reason: String, actor: String) async throws -> Content
    func restore(_ subject: Subject, actor: String) async throws -> Content
}
