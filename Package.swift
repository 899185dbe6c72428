// swift-tools-version:6.2
import PackageDescription

// Every Roam service is a library target (domain, repositories, migrations, gRPC adapter) plus a thin
// `roam-<name>` executable. Generated protobuf/gRPC code lives in one module, `RoamProto`, and is
// committed; `scripts/generate-proto.sh` regenerates it.

let swiftSettings: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
]

/// The services' processes allocate with jemalloc (Debian's libjemalloc): measured in roam-bench against
/// glibc's malloc, a gRPC call cost 10–30 % less CPU (Tests/Bench/README.md, issue 39).
let serviceLinkerSettings: [LinkerSetting] = [.linkedLibrary("jemalloc", .when(platforms: [.linux]))]

/// The package each imported module comes from. Every target lists exactly the modules its files
/// import (`uses(…)`); `scripts/check-imports.py` holds the two equal and keeps `Domain/` free of
/// transport and storage.
let modulePackages: [String: String] = [
    "GRPCCore": "grpc-swift-2", "GRPCInProcessTransport": "grpc-swift-2",
    "GRPCNIOTransportHTTP2": "grpc-swift-nio-transport", "GRPCProtobuf": "grpc-swift-protobuf",
    "SwiftProtobuf": "swift-protobuf", "PostgresNIO": "postgres-nio", "_ConnectionPoolModule": "postgres-nio", "JWTKit": "jwt-kit",
    "Crypto": "swift-crypto", "_CryptoExtras": "swift-crypto",
    "Hummingbird": "hummingbird", "HummingbirdCore": "hummingbird", "HummingbirdWebSocket": "hummingbird-websocket",
    "HummingbirdWSClient": "hummingbird-websocket",
    "HTTPTypes": "swift-http-types", "NIOCore": "swift-nio", "NIOPosix": "swift-nio", "NIOWebSocket": "swift-nio",
    "NIOHTTP1": "swift-nio", "NIOSSL": "swift-nio-ssl", "NIOHTTP2": "swift-nio-http2", "NIOHPACK": "swift-nio-http2",
    "NIOHTTPTypes": "swift-nio-extras",
    "Logging": "swift-log", "Metrics": "swift-metrics", "MetricsTestKit": "swift-metrics", "Prometheus": "swift-prometheus",
    "ServiceLifecycle": "swift-service-lifecycle",
    "OpenAPIRuntime": "swift-openapi-runtime", "OpenAPIHummingbird": "swift-openapi-hummingbird",
    "OpenAPIURLSession": "swift-openapi-urlsession", "OpenAPIAsyncHTTPClient": "swift-openapi-async-http-client",
    "AsyncHTTPClient": "async-http-client", "AsyncAlgorithms": "swift-async-algorithms", "CSV": "CSV.swift",
    "ArgumentParser": "swift-argument-parser", "Mustache": "swift-mustache",
    "Tracing": "swift-distributed-tracing", "Instrumentation": "swift-distributed-tracing", "OTel": "swift-otel",
]

func uses(_ modules: String...) -> [Target.Dependency] {
    modules.map { module in modulePackages[module].map { .product(name: module, package: $0) } ?? .byName(name: module) }
}

/// The gateway's contract, in parts bundled into Gateway/openapi.yaml by scripts/generate-openapi.sh.
let gatewayContractDomains: [String] = [
    "Accounts", "Events", "Feed", "Media", "Trips", "Walks", "Budget", "BucketLists", "Notifications", "Moderation",
]
let gatewayContractParts: [String] = ["OpenAPI/Base.openapi.yaml"] + gatewayContractDomains.map { "\($0)/\($0).openapi.yaml" }

let package = Package(
    name: "Roam",
    // The servers need macOS 15; iOS is for RoamClient, the package an app adds.
    platforms: [.macOS(.v15), .iOS(.v15)],
    products: [
        .executable(name: "roam", targets: ["roam"]),
        .executable(name: "roam-accounts", targets: ["roam-accounts"]),
        .executable(name: "roam-events", targets: ["roam-events"]),
        .executable(name: "roam-feed", targets: ["roam-feed"]),
        .executable(name: "roam-media", targets: ["roam-media"]),
        .executable(name: "roam-trips", targets: ["roam-trips"]),
        .executable(name: "roam-budget", targets: ["roam-budget"]),
        .executable(name: "roam-bucketlists", targets: ["roam-bucketlists"]),
        .executable(name: "roam-notifications", targets: ["roam-notifications"]),
        .executable(name: "roam-moderation", targets: ["roam-moderation"]),
        .executable(name: "roam-gateway", targets: ["roam-gateway"]),
        .executable(name: "roam-bench", targets: ["roam-bench"]),
        // What an app adds to talk to Roam (Gateway/Client/README.md): no server package in its graph.
        .library(name: "RoamClient", targets: ["RoamClient"]),
        .executable(name: "roam-diary", targets: ["roam-diary"]),
        // The sample SwiftUI app's view models (its views are Apple-only: Gateway/Client/Sample/README.md).
        .library(name: "RoamSampleModels", targets: ["RoamSampleModels"]),
    ],
    dependencies: [
        .package(url: "https://github.com/grpc/grpc-swift-2.git", from: "2.4.0"),
        .package(url: "https://github.com/grpc/grpc-swift-nio-transport.git", from: "2.9.0"),
        .package(url: "https://github.com/grpc/grpc-swift-protobuf.git", from: "2.4.0"),
        // Default traits off: they pull in more of Foundation and make `swift build` and
        // `swift test` recompile each other's packages (see ../shared/STACK.md).
        .package(url: "https://github.com/apple/swift-protobuf.git", from: "1.39.0", traits: []),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.0", traits: []),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket.git", from: "2.8.1"),
        // The gateway's operations are generated from Gateway/openapi.yaml by scripts/generate-openapi.sh
        // (the generator's command-line tool; no build plugin) and served through the Hummingbird transport.
        .package(url: "https://github.com/apple/swift-openapi-generator.git", from: "1.14.0"),
        .package(url: "https://github.com/apple/swift-openapi-runtime.git", from: "1.13.0"),
        .package(url: "https://github.com/hummingbird-project/swift-openapi-hummingbird.git", from: "2.1.0"),
        // RoamClient's transports: URLSession on Apple platforms; on Linux, where URLSession does not
        // stream, async-http-client (already in the graph).
        .package(url: "https://github.com/apple/swift-openapi-urlsession.git", from: "1.4.0"),
        .package(url: "https://github.com/swift-server/swift-openapi-async-http-client.git", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.0"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.0"),
        // HTTP/2 for the local push test servers (already in the graph through grpc-swift).
        .package(url: "https://github.com/apple/swift-nio-http2.git", from: "1.46.0"),
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.35.0"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0", traits: []),
        .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.33.0"),
        .package(url: "https://github.com/vapor/jwt-kit.git", from: "5.8.0"),
        .package(url: "https://github.com/apple/swift-crypto.git", from: "4.5.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.0"),
        .package(url: "https://github.com/apple/swift-metrics.git", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.0"),
        // Media's S3-compatible blob store talks plain HTTP to the object store.
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        // Already in the graph (through gRPC); the gateway relays media downloads with its back-pressured channel.
        .package(url: "https://github.com/apple/swift-async-algorithms.git", from: "1.1.0"),
        // RFC 4180 CSV for `roam places import`.
        .package(url: "https://github.com/yaslab/CSV.swift.git", from: "2.5.0"),
        // Already in the graph (through the OpenAPI generator); the `roam` command's subcommands and help.
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.0"),
        // Already in the graph (through Hummingbird): spans for requests, calls between services and SQL.
        .package(url: "https://github.com/apple/swift-distributed-tracing.git", from: "1.3.0"),
        // OTLP export of those spans over HTTP (async-http-client is in the graph already; the gRPC
        // exporter's trait is left off).
        .package(url: "https://github.com/swift-otel/swift-otel.git", from: "1.6.0", traits: ["OTLPHTTP"]),
        // The mails' templates (Shared/RoamMail).
        .package(url: "https://github.com/hummingbird-project/swift-mustache.git", from: "2.1.0"),
        // RoamClient's reference, built from its DocC catalog (`swift package generate-documentation`).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin.git", from: "1.5.0"),
    ],
    targets: [
        // The API's types, generated once from Gateway/openapi.yaml (scripts/generate-openapi.sh): the
        // gateway serves them and RoamClient sends them. Only the OpenAPI runtime, so the client's
        // dependency check holds.
        .target(
            name: "RoamAPI", dependencies: [.product(name: "OpenAPIRuntime", package: "swift-openapi-runtime")],
            path: "Gateway/API", exclude: ["openapi-generator-config.yaml"], swiftSettings: swiftSettings),
        // The client an app adds: types and calls generated from Gateway/openapi.yaml in client mode
        // (scripts/generate-openapi.sh) and the layer where generation stops. Only the OpenAPI runtime
        // and a client transport (scripts/check-client-dependencies.py holds it so).
        .target(
            name: "RoamClient",
            dependencies: [
                // SHA-256 for a resumable upload's key and checksums (CryptoKit itself on Apple platforms).
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                "RoamAPI",
                .product(name: "OpenAPIURLSession", package: "swift-openapi-urlsession", condition: .when(platforms: [.macOS, .iOS])),
                .product(name: "OpenAPIAsyncHTTPClient", package: "swift-openapi-async-http-client", condition: .when(platforms: [.linux])),
                .product(name: "AsyncHTTPClient", package: "async-http-client", condition: .when(platforms: [.linux])),
                // The live streams' WebSocket on Linux (URLSession has it on Apple platforms).
                .product(name: "NIOCore", package: "swift-nio", condition: .when(platforms: [.linux])),
                .product(name: "NIOHTTP1", package: "swift-nio", condition: .when(platforms: [.linux])),
                .product(name: "NIOPosix", package: "swift-nio", condition: .when(platforms: [.linux])),
                .product(name: "NIOSSL", package: "swift-nio-ssl", condition: .when(platforms: [.linux])),
                .product(name: "NIOWebSocket", package: "swift-nio", condition: .when(platforms: [.linux])),
            ],
            path: "Gateway/Client", exclude: ["README.md", "openapi-generator-config.yaml", "Example", "Sample"], swiftSettings: swiftSettings),
        // A trip diary on the command line, with RoamClient alone: the example an app developer reads.
        .executableTarget(
            name: "roam-diary", dependencies: ["RoamClient"], path: "Gateway/Client/Example", swiftSettings: swiftSettings),
        // The sample app's view models, on RoamClient alone, compiled on Linux as on Apple platforms.
        .target(
            name: "RoamSampleModels", dependencies: ["RoamClient"], path: "Gateway/Client/Sample/Models", swiftSettings: swiftSettings),
        .target(
            name: "RoamProto", dependencies: uses("GRPCCore", "GRPCProtobuf", "SwiftProtobuf"), path: "Shared/RoamProto",
            swiftSettings: [.swiftLanguageMode(.v6)]),
        // The reference Argon2 implementation, from Debian's libargon2-dev.
        .systemLibrary(name: "CArgon2", path: "Shared/CArgon2", pkgConfig: "libargon2", providers: [.apt(["libargon2-dev"])]),
        // libvips (images and EXIF) and libwebp, from Debian's libvips-dev.
        .systemLibrary(name: "CVips", path: "Shared/CVips", pkgConfig: "vips", providers: [.apt(["libvips-dev"])]),
        // Swift concurrency's global executor hook, reached from C (`TaskExecutorChoice`).
        .target(name: "CRoamExecutor", path: "Shared/CRoamExecutor"),
        // Dependency-free: errors, validation, pages, geo, time, ids, the caller. All a domain may use.
        .target(name: "RoamCore", path: "Shared/RoamCore", swiftSettings: swiftSettings),
        .target(
            name: "RoamRuntime",
            dependencies: uses(
                "CArgon2", "CRoamExecutor", "Crypto", "GRPCCore", "GRPCNIOTransportHTTP2", "GRPCProtobuf", "Hummingbird", "JWTKit",
                "Logging", "Metrics", "Instrumentation", "NIOCore", "NIOPosix", "NIOSSL", "OTel", "PostgresNIO", "Prometheus", "RoamCore",
                "RoamHTTP2",
                "RoamProto",
                "ServiceLifecycle", "SwiftProtobuf", "Tracing", "_ConnectionPoolModule"),
            path: "Shared/RoamRuntime", swiftSettings: swiftSettings),
        // nghttp2, the HTTP/2 library of curl and Node, from Debian's libnghttp2-dev.
        .systemLibrary(name: "CNGHTTP2", path: "Shared/CNGHTTP2", pkgConfig: "libnghttp2", providers: [.apt(["libnghttp2-dev"])]),
        // grpc-swift's transports on nghttp2.
        .target(
            name: "RoamHTTP2", dependencies: uses("CNGHTTP2", "GRPCCore", "Logging", "Metrics", "NIOCore", "NIOPosix"), path: "Shared/RoamHTTP2",
            swiftSettings: swiftSettings),
        .target(name: "RoamLocal", path: "Shared/RoamLocal", swiftSettings: swiftSettings),
        // Mail: SMTP submission on NIO, templates, the durable mail outbox and the worker that sends it.
        .target(
            name: "RoamMail",
            dependencies: uses(
                "GRPCCore", "Logging", "Metrics", "Mustache", "NIOCore", "NIOPosix", "NIOSSL", "PostgresNIO", "RoamProto", "RoamRuntime",
                "ServiceLifecycle", "SwiftProtobuf"),
            path: "Shared/RoamMail", swiftSettings: swiftSettings),
        .testTarget(
            name: "RoamMailTests", dependencies: uses("Logging", "RoamMail", "RoamRuntime", "RoamTesting"), path: "Tests/RoamMailTests",
            swiftSettings: swiftSettings),
        .target(
            name: "RoamTesting",
            dependencies: uses(
                "_CryptoExtras", "Crypto", "GRPCCore", "GRPCInProcessTransport", "Hummingbird", "JWTKit", "Logging", "NIOCore",
                "NIOHTTP1", "NIOHTTP2", "NIOPosix", "NIOSSL", "PostgresNIO", "RoamCore", "RoamLocal", "RoamProto", "RoamRuntime",
                "SwiftProtobuf"),
            path: "Shared/RoamTesting", swiftSettings: swiftSettings),
        .target(
            name: "Accounts",
            dependencies: uses(
                "AsyncHTTPClient", "Crypto", "GRPCCore", "JWTKit", "Logging", "NIOCore", "PostgresNIO", "RoamCore",
                "RoamMail", "RoamProto", "RoamRuntime", "ServiceLifecycle", "SwiftProtobuf"),
            path: "Services/Accounts/Library", swiftSettings: swiftSettings),
        .executableTarget(
            name: "roam-accounts", dependencies: uses("Accounts", "RoamRuntime"), path: "Services/Accounts/App",
            swiftSettings: swiftSettings, linkerSettings: serviceLinkerSettings),
        .target(
            name: "Events",
            dependencies: uses(
                "GRPCCore", "Logging", "PostgresNIO", "RoamCore", "RoamProto", "RoamRuntime",
                "ServiceLifecycle", "SwiftProtobuf"),
            path: "Services/Events/Library", swiftSettings: swiftSettings),
        .executableTarget(
            name: "roam-events", dependencies: uses("Events", "RoamRuntime"), path: "Services/Events/App",
            swiftSettings: swiftSettings, linkerSettings: serviceLinkerSettings),
        .target(
            name: "Feed",
            dependencies: uses(
                "GRPCCore", "Logging", "PostgresNIO", "RoamCore", "RoamProto", "RoamRuntime", "ServiceLifecycle",
                "SwiftProtobuf"),
            path: "Services/Feed/Library", swiftSettings: swiftSettings),
        .executableTarget(
            name: "roam-feed", dependencies: uses("Feed", "RoamRuntime"), path: "Services/Feed/App",
            swiftSettings: swiftSettings, linkerSettings: serviceLinkerSettings),
        .target(
            name: "Media",
            dependencies: uses(
                "AsyncHTTPClient", "CVips", "Crypto", "GRPCCore", "Logging", "Metrics", "NIOCore", "NIOHTTP1", "NIOPosix", "PostgresNIO", "RoamCore",
                "RoamProto", "RoamRuntime", "ServiceLifecycle", "SwiftProtobuf"),
            path: "Services/Media/Library", swiftSettings: swiftSettings),
        .executableTarget(
            name: "roam-media", dependencies: uses("Media", "RoamRuntime"), path: "Services/Media/App",
            swiftSettings: swiftSettings, linkerSettings: serviceLinkerSettings),
        .target(
            name: "Gateway",
            dependencies: uses(
                "AsyncAlgorithms", "Crypto", "GRPCCore", "GRPCNIOTransportHTTP2", "HTTPTypes", "Hummingbird", "HummingbirdCore",
                "HummingbirdWebSocket", "Logging", "Metrics", "Mustache", "NIOCore", "NIOHTTP1", "NIOHTTPTypes", "NIOWebSocket", "OpenAPIHummingbird",
                "OpenAPIRuntime", "Prometheus", "RoamAPI", "RoamCore", "RoamProto", "RoamRuntime", "ServiceLifecycle", "SwiftProtobuf",
                "Instrumentation", "Tracing"),
            path: "Gateway/Library",
            exclude: gatewayContractParts,
            // The API reference's Swagger UI (`/docs`): files, not code.
            resources: [.copy("Docs/SwaggerUI")],
            swiftSettings: swiftSettings),
        .executableTarget(
            name: "roam-gateway", dependencies: uses("Gateway", "RoamRuntime"), path: "Gateway/App",
            swiftSettings: swiftSettings, linkerSettings: serviceLinkerSettings),
        .executableTarget(
            name: "roam",
            dependencies: uses(
                "Accounts", "ArgumentParser", "Budget", "GRPCCore", "GRPCNIOTransportHTTP2", "Hummingbird", "Logging", "Media", "PostgresNIO",
                "RoamLocal", "RoamProto", "RoamRuntime", "SwiftProtobuf", "Trips"),
            path: "Shared/RoamCommand", swiftSettings: swiftSettings),
        .executableTarget(
            name: "roam-bench",
            dependencies: uses(
                "CVips", "Crypto", "GRPCCore", "GRPCNIOTransportHTTP2", "HTTPTypes", "HummingbirdWSClient", "Logging", "PostgresNIO",
                "RoamLocal", "RoamProto", "RoamRuntime", "RoamTesting", "SwiftProtobuf"),
            path: "Tests/Bench", exclude: ["README.md"], swiftSettings: swiftSettings),
        .testTarget(
            name: "RoamRuntimeTests",
            dependencies: uses(
                "Crypto", "GRPCCore", "GRPCInProcessTransport", "GRPCNIOTransportHTTP2", "JWTKit", "Logging", "NIOCore", "PostgresNIO",
                "RoamCore", "RoamLocal", "RoamHTTP2", "RoamProto", "RoamRuntime", "RoamTesting", "ServiceLifecycle", "SwiftProtobuf",
                "_ConnectionPoolModule"),
            path: "Tests/RoamRuntimeTests", swiftSettings: swiftSettings),
        .testTarget(
            name: "RoamHTTP2Tests",
            dependencies: uses("GRPCCore", "GRPCNIOTransportHTTP2", "MetricsTestKit", "NIOCore", "NIOHPACK", "NIOPosix", "RoamHTTP2"),
            path: "Tests/RoamHTTP2Tests",
            swiftSettings: swiftSettings),
        // Accounts' test doubles, for its tests and the gateway's.
        .target(name: "AccountsTesting", dependencies: uses("Accounts"), path: "Tests/AccountsTesting", swiftSettings: swiftSettings),
        .testTarget(
            name: "AccountsTests",
            dependencies: uses(
                "Accounts", "AccountsTesting", "Crypto", "GRPCCore", "GRPCInProcessTransport", "GRPCProtobuf", "Logging", "RoamCore", "RoamProto",
                "RoamRuntime", "RoamTesting", "SwiftProtobuf"),
            path: "Tests/AccountsTests", swiftSettings: swiftSettings),
        .testTarget(
            name: "EventsTests",
            dependencies: uses("Events", "GRPCCore", "GRPCInProcessTransport", "Logging", "RoamCore", "RoamProto", "RoamRuntime", "RoamTesting"),
            path: "Tests/EventsTests", swiftSettings: swiftSettings),
        .testTarget(
            name: "FeedTests",
            dependencies: uses(
                "Events", "Feed", "GRPCCore", "GRPCInProcessTransport", "Logging", "RoamCore", "RoamProto", "RoamRuntime",
                "RoamTesting"),
            path: "Tests/FeedTests", swiftSettings: swiftSettings),
        // Pictures made with libvips, for the tests and end-to-end tests that upload them.
        .target(name: "MediaTesting", dependencies: uses("CVips"), path: "Tests/MediaTesting", swiftSettings: swiftSettings),
        .testTarget(
            name: "MediaTests",
            dependencies: uses("CVips", "Crypto", "GRPCCore", "Media", "MediaTesting", "RoamCore", "RoamProto", "RoamRuntime", "RoamTesting"),
            path: "Tests/MediaTests", swiftSettings: swiftSettings),
        .target(
            name: "Budget",
            dependencies: uses("GRPCCore", "Logging", "PostgresNIO", "RoamCore", "RoamProto", "RoamRuntime", "SwiftProtobuf"),
            path: "Services/Budget/Library", swiftSettings: swiftSettings),
        .executableTarget(
            name: "roam-budget", dependencies: uses("Budget", "RoamRuntime"), path: "Services/Budget/App",
            swiftSettings: swiftSettings, linkerSettings: serviceLinkerSettings),
        .target(
            name: "BucketLists",
            dependencies: uses("GRPCCore", "Logging", "PostgresNIO", "RoamCore", "RoamProto", "RoamRuntime", "ServiceLifecycle", "SwiftProtobuf"),
            path: "Services/BucketLists/Library", swiftSettings: swiftSettings),
        .executableTarget(
            name: "roam-bucketlists", dependencies: uses("BucketLists", "RoamRuntime"), path: "Services/BucketLists/App",
            swiftSettings: swiftSettings, linkerSettings: serviceLinkerSettings),
        .testTarget(
            name: "BucketListsTests",
            dependencies: uses("BucketLists", "GRPCCore", "GRPCInProcessTransport", "RoamCore", "RoamProto", "RoamRuntime", "RoamTesting"),
            path: "Tests/BucketListsTests", swiftSettings: swiftSettings),
        .target(
            name: "Notifications",
            dependencies: uses(
                "AsyncHTTPClient", "GRPCCore", "JWTKit", "Logging", "Metrics", "NIOCore", "NIOHTTP1", "NIOSSL", "PostgresNIO", "RoamCore",
                "RoamProto",
                "RoamRuntime", "ServiceLifecycle", "SwiftProtobuf"),
            path: "Services/Notifications/Library", swiftSettings: swiftSettings),
        .executableTarget(
            name: "roam-notifications", dependencies: uses("Notifications", "RoamRuntime"), path: "Services/Notifications/App",
            swiftSettings: swiftSettings, linkerSettings: serviceLinkerSettings),
        .target(
            name: "Moderation",
            dependencies: uses(
                "GRPCCore", "GRPCNIOTransportHTTP2", "Logging", "PostgresNIO", "RoamCore", "RoamProto", "RoamRuntime", "ServiceLifecycle",
                "SwiftProtobuf"),
            path: "Services/Moderation/Library", swiftSettings: swiftSettings),
        .executableTarget(
            name: "roam-moderation", dependencies: uses("Moderation", "RoamRuntime"), path: "Services/Moderation/App",
            swiftSettings: swiftSettings, linkerSettings: serviceLinkerSettings),
        .testTarget(
            name: "ModerationTests",
            dependencies: uses(
                "GRPCCore", "Moderation", "RoamCore", "RoamProto", "RoamRuntime", "RoamTesting"),
            path: "Tests/ModerationTests", swiftSettings: swiftSettings),
        .testTarget(
            name: "NotificationsTests",
            dependencies: uses(
                "AsyncHTTPClient", "GRPCCore", "JWTKit", "Logging", "Notifications", "RoamCore", "RoamProto", "RoamRuntime", "RoamTesting",
                "_CryptoExtras"),
            path: "Tests/NotificationsTests", swiftSettings: swiftSettings),
        .testTarget(
            name: "BudgetTests", dependencies: uses("Budget", "CVips", "GRPCCore", "RoamCore", "RoamProto", "RoamRuntime", "RoamTesting"),
            path: "Tests/BudgetTests", swiftSettings: swiftSettings),
        .target(
            name: "Trips",
            dependencies: uses(
                "CSV", "GRPCCore", "Logging", "PostgresNIO", "RoamCore", "RoamProto", "RoamRuntime", "ServiceLifecycle", "SwiftProtobuf"),
            path: "Services/Trips/Library", swiftSettings: swiftSettings),
        .executableTarget(
            name: "roam-trips", dependencies: uses("RoamRuntime", "Trips"), path: "Services/Trips/App",
            swiftSettings: swiftSettings, linkerSettings: serviceLinkerSettings),
        .testTarget(
            name: "TripsTests",
            dependencies: uses("GRPCCore", "Logging", "PostgresNIO", "RoamCore", "RoamProto", "RoamRuntime", "RoamTesting", "Trips"),
            path: "Tests/TripsTests", swiftSettings: swiftSettings),
        .testTarget(
            name: "GatewayTests",
            dependencies: uses(
                "Accounts", "AccountsTesting", "Budget", "Crypto", "Events", "Feed", "GRPCCore", "GRPCInProcessTransport", "GRPCProtobuf", "Gateway",
                "HTTPTypes", "Hummingbird", "HummingbirdWSClient", "Logging", "Media", "MediaTesting", "Notifications", "OpenAPIRuntime",
                "RoamAPI", "RoamClient",
                "RoamCore", "RoamLocal", "RoamProto", "RoamRuntime", "RoamTesting", "ServiceLifecycle", "Trips"),
            path: "Tests/GatewayTests", swiftSettings: swiftSettings),
        // The house rules read from the sources: every body member read, every schema member mapped, every
        // proto field handled by its adapter, and the deployment files agreeing with the settings.
        .testTarget(
            name: "HouseRulesTests",
            dependencies: uses(
                "Accounts", "BucketLists", "Budget", "Events", "Feed", "Gateway", "Media", "Moderation", "Notifications", "RoamMail",
                "RoamRuntime", "Trips"),
            path: "Tests/HouseRulesTests", swiftSettings: swiftSettings),
        // RoamClient alone, as an app has it: no server module in reach (its runs against a real gateway
        // are GatewayTests' and EndToEndTests').
        .testTarget(
            name: "RoamClientTests", dependencies: uses("HTTPTypes", "OpenAPIRuntime", "RoamClient"), path: "Tests/RoamClientTests",
            swiftSettings: swiftSettings),
        .testTarget(
            name: "EndToEndTests",
            dependencies: uses(
                "Crypto", "MediaTesting", "GRPCCore", "GRPCNIOTransportHTTP2", "HTTPTypes", "Logging", "OpenAPIRuntime", "PostgresNIO", "RoamClient",
                "RoamSampleModels",
                "RoamLocal", "RoamProto", "RoamRuntime", "RoamTesting"),
            path: "Tests/EndToEndTests", swiftSettings: swiftSettings),
        .testTarget(
            name: "FaultTests",
            dependencies: uses("MediaTesting", "PostgresNIO", "RoamTesting"),
            path: "Tests/FaultTests", exclude: ["README.md"], swiftSettings: swiftSettings),
        .testTarget(
            name: "SecurityTests",
            dependencies: uses(
                "GRPCCore", "GRPCNIOTransportHTTP2", "Logging", "MediaTesting", "PostgresNIO", "RoamProto", "RoamRuntime", "RoamTesting"),
            path: "Tests/SecurityTests", swiftSettings: swiftSettings),
    ]
)
