import Foundation
import MediaTesting
import RoamLocal
import RoamTesting
import Testing

/// A second request with an `Idempotency-Key` whose first request is still being handled is answered
/// 409 `IDEMPOTENCY_KEY_IN_USE` at once, as the IETF draft asks; once the first is answered, the key
/// answers its result again. The first is an upload whose bytes arrive slowly (curl at 2 KB/s), so it
/// is certainly in flight at media when the second comes.
@Suite struct InFlightKeyEndToEndTests {
    @Test func aKeyWhoseFirstRequestIsStillRunningIsRefusedWith409() async throws {
        try await onFullStack { http in
            let ana = try await http.signUp("inflight\(Int.random(in: 10_000...99_999))").token
            let photo = try TestPhoto.bytes(width: 600, height: 400)
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("slow-\(UUID().uuidString).jpg")
            try photo.write(to: file)
            defer { try? FileManager.default.removeItem(at: file) }
            let output = LineSink()
            let slow = try ChildProcess(
                name: "curl", executable: "/usr/bin/curl",
                arguments: [
                    "-s", "-o", "/dev/null", "-w", "status=%{http_code}\n", "--limit-rate", "2K", "-H", "Expect:",
                    "-H", "Authorization: Bearer \(ana)", "-H", "Content-Type: image/jpeg",
                    "-H", "Idempotency-Key: slow-1", "--data-binary", "@\(file.path)",
                    "\(http.base.absoluteString)/v1/media",
                ],
                environment: [:]
            ) { output.append($0) }
            defer { slow.terminate() }
            #expect(photo.count > 6_000, "at 2 KB/s the upload lasts at least 3 s: \(photo.count) bytes")
            try await Task.sleep(for: .seconds(1))

            let second = try await http.send(
                "POST", "/v1/media", body: photo, token: ana,
                headers: ["Content-Type": "image/jpeg", "Idempotency-Key": "slow-1"])
            #expect(second.status == 409 && second.reason == "IDEMPOTENCY_KEY_IN_USE", "\(second.status) \(second.text)")
            let other = try await http.send(
                "POST", "/v1/media", body: try TestPhoto.bytes(width: 500, height: 300), token: ana,
                headers: ["Content-Type": "image/jpeg", "Idempotency-Key": "slow-2"])
            #expect(other.status == 201, "another key is not held: \(other.status) \(other.text)")

            #expect(await slow.exitStatus(within: .seconds(60)) == 0)
            #expect(await output.waitFor { $0 == "status=201" }, "the first upload is answered")
            let again = try await http.send(
                "POST", "/v1/media", body: photo, token: ana,
                headers: ["Content-Type": "image/jpeg", "Idempotency-Key": "slow-1"])
            #expect((200...201).contains(again.status) && again.reason == nil, "then the key answers its result: \(again.status) \(again.text)")
        }
    }
}
