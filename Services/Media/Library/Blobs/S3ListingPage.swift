import Foundation

#if canImport(FoundationXML)
import FoundationXML
#endif

/// One page of a ListObjectsV2 answer: the objects and where the next page starts.
struct S3ListingPage {
    struct Object {
        var key: String
        var size: Int
        var lastModified: Date
    }

    private(set) var objects: [Object] = []
    private(set) var nextContinuationToken: String?

    init(xml: Data) {
        let reader = Reader()
        let parser = XMLParser(data: xml)
        parser.delegate = reader
        parser.parse()
        objects = reader.objects
        nextContinuationToken = reader.truncated ? reader.continuation : nil
    }

    private final class Reader: NSObject, XMLParserDelegate {
        var objects: [Object] = []
        var truncated = false
        var continuation: String?
        private var text = ""
        private var current: (key: String, size: Int, modified: Date)?
        private let dates: ISO8601DateFormatter = {
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
            return formatter
        }()

        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            text = ""
            if name == "Contents" { current = ("", 0, .distantPast) }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            text += string
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            switch name {
            case "Key": current?.key = text
            case "Size": current?.size = Int(text) ?? 0
            case "LastModified": current?.modified = dates.date(from: text) ?? ISO8601DateFormatter().date(from: text) ?? .distantPast
            case "Contents":
                if let current { objects.append(Object(key: current.key, size: current.size, lastModified: current.modified)) }
                current = nil
            case "IsTruncated": truncated = text == "true"
            case "NextContinuationToken": continuation = text
            default: break
            }
        }
    }
}
