import Foundation

/// A `multipart/form-data` body as a browser sends it: text fields, then the file, then anything after.
struct MultipartForm {
    let boundary = "roam-\(UUID().uuidString)"
    var body = Data()

    init(fields: [(String, String)], file: Data, fileType: String, after: [(String, String)] = []) {
        for (name, value) in fields { append(name: name, value: Data(value.utf8), type: nil) }
        append(name: "file", value: file, type: fileType)
        for (name, value) in after { append(name: name, value: Data(value.utf8), type: nil) }
        body.append(Data("--\(boundary)--\r\n".utf8))
    }

    var contentType: String { "multipart/form-data; boundary=\(boundary)" }

    private mutating func append(name: String, value: Data, type: String?) {
        var head = "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\""
        if let type { head += "; filename=\"\(name)\"\r\nContent-Type: \(type)" }
        body.append(Data((head + "\r\n\r\n").utf8))
        body.append(value)
        body.append(Data("\r\n".utf8))
    }
}
