/// One page of a list the gateway answers a page at a time: its items, and the token for the next page
/// (absent on the last). Every page type of the contract is one (generated).
public protocol PageOfItems: Sendable {
    associatedtype Item: Sendable
    var pageItems: [Item] { get }
    var nextPageToken: String? { get }
}
