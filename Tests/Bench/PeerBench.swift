import Crypto
import Foundation
import RoamLocal
import RoamRuntime
import RoamTesting

/// The peers of `GET /v1/me` (`scripts/peers`: Node with node:http and pg, FastAPI with asyncpg and
/// PyJWT, two processes each), doing what Roam's gateway and accounts do together for it: check an
/// Ed25519-signed token and read one user by primary key from the same PostgreSQL, measured with the
/// same wrk in the same run. `scripts/peers/install.sh` puts them under `.build/peers`.
enum PeerBench {
    struct Peer {
        var name: String
        var executable: String
        var arguments: [String]
        var environment: [String: String]
    }

    /// Each peer's wrk figure, or nil for a peer that is not installed (said so, not hidden).
    static func run(adminURL: String, connections: Int, seconds: Int) async throws -> [(String, Wrk.Result?)] {
        let root = FileManager.default.currentDirectoryPath
        let psql = "\(PostgresCluster.binaryDirectory() ?? "/usr/bin")/psql"
        // The same rows accounts keeps, in a schema of the peers' own.
        _ = try await Command.output(
            psql,
            [
                adminURL, "-q", "-c",
                "DROP SCHEMA IF EXISTS peers CASCADE; CREATE SCHEMA peers; "
                    + "CREATE TABLE peers.users AS SELECT * FROM accounts.users; ALTER TABLE peers.users ADD PRIMARY KEY (id)",
            ])
        let user = try await Command.output(psql, [adminURL, "-At", "-c", "SELECT id FROM peers.users LIMIT 1"])
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let key = Curve25519.Signing.PrivateKey()
        let token = try Self.token(subject: user, key: key)
        let common = [
            "PEER_DATABASE_URL": adminURL, "PEER_PUBLIC_KEY": key.publicKey.rawRepresentation.base64URLEncodedString,
            "PEER_WORKERS": "2",
        ]
        let peers = [
            Peer(
                name: "Node peer (node:http + pg, 2 processes)", executable: "/usr/bin/node",
                arguments: ["\(root)/scripts/peers/me-node.js"],
                environment: common.merging(["NODE_PATH": "\(root)/.build/peers/node/usr/share/nodejs"]) { $1 }),
            Peer(
                name: "FastAPI peer (uvicorn + asyncpg + PyJWT, 2 workers)", executable: "\(root)/.build/peers/venv/bin/python",
                arguments: ["\(root)/scripts/peers/me_fastapi.py"],
                environment: common.merging(["PYTHONPATH": "\(root)/scripts/peers"]) { $1 }),
        ]
        var results: [(String, Wrk.Result?)] = []
        for peer in peers {
            guard FileManager.default.isExecutableFile(atPath: peer.executable),
                peer.environment["NODE_PATH"].map({ FileManager.default.fileExists(atPath: "\($0)/pg") }) ?? true
            else {
                say("\(peer.name): not installed (scripts/peers/install.sh)")
                results.append((peer.name, nil))
                continue
            }
            let port = FreePort.next()
            let process = try LaunchedProcess(
                path: peer.executable, arguments: peer.arguments, environment: peer.environment.merging(["PEER_PORT": "\(port)"]) { $1 })
            let url = "http://127.0.0.1:\(port)/v1/me"
            try await waitUntilAnswering(HTTPTestClient(port: port), token: token)
            results.append(
                (peer.name, try await Wrk.run(url: url, connections: connections, seconds: seconds, headers: ["Authorization: Bearer \(token)"])))
            _ = await process.stop()
        }
        return results
    }

    /// A compact JWT (EdDSA) for `subject`, valid for an hour.
    static func token(subject: String, key: Curve25519.Signing.PrivateKey) throws -> String {
        let header = Data(#"{"alg":"EdDSA","typ":"JWT"}"#.utf8).base64URLEncodedString
        let expiry = Int(Date().timeIntervalSince1970) + 3600
        let claims = Data(#"{"sub":"\#(subject)","exp":\#(expiry)}"#.utf8).base64URLEncodedString
        let signature = try key.signature(for: Data("\(header).\(claims)".utf8))
        return "\(header).\(claims).\(Data(signature).base64URLEncodedString)"
    }

    /// Until the peer answers its first `GET /v1/me` with 200 (which also checks it reads the user).
    static func waitUntilAnswering(_ http: HTTPTestClient, token: String) async throws {
        for _ in 0..<100 {
            if let reply = try? await http.send("GET", "/v1/me", token: token), reply.status == 200 { return }
            try await Task.sleep(for: .milliseconds(200))
        }
        throw LocalError("the peer on \(http.base) did not answer 200 within 20 s")
    }
}
