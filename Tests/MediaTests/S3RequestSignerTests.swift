import Foundation
import Testing

@testable import Media

@Suite struct S3RequestSignerTests {
    /// AWS's worked example "GET Object" (Signature Version 4, header form: example bucket, `test.txt`,
    /// the first ten bytes), which publishes the signature it must produce.
    @Test func reproducesAWSsWorkedExample() throws {
        let signer = S3RequestSigner(
            accessKeyID: "AKIAIOSFODNN7EXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
            region: "us-east-1")
        let date = try #require(ISO8601DateFormatter().date(from: "2013-05-24T00:00:00Z"))
        let headers = signer.sign(
            method: "GET", path: "/test.txt", query: [],
            headers: ["host": "examplebucket.s3.amazonaws.com", "range": "bytes=0-9"],
            payloadHash: S3RequestSigner.emptyPayloadHash, at: date)
        #expect(headers["x-amz-date"] == "20130524T000000Z")
        #expect(
            headers["Authorization"] == "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, "
                + "SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, "
                + "Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41")
    }

    @Test func pathsAndQueriesAreEncodedAsAWSDoes() {
        #expect(S3RequestSigner.encode("a b+c/~d") == "a%20b%2Bc%2F~d")
        #expect(S3RequestSigner.encodePath("/bucket/originals/a b") == "/bucket/originals/a%20b")
    }
}
