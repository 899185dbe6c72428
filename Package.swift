// swift-tools-version:6.2
import PackageDescription

// Every Roam service is a library target (domain, repositories, migrations, gRPC adapter) plus a thin
// `roam-<name>` executable. Generated protobuf/gRPC code lives in one module, `RoamProto`, and is
// committed; `scripts/generate-proto.sh` regenerates it.

let swiftSettings: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
]

let grpc: [Target.Dependency] = [
    .product(name: "GRPCCore", package: "grpc-swift-2"),
    .product(name: "GRPCNIOTransportHTTP2", package: "grpc-swift-nio-transport"),
    .product(name: "GRPCProtobuf", package: "grpc-swift-protobuf"),
]

let package = Package(
    name: "Roam",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "roam", targets: ["roam"]),
        .executable(name: "roam-accounts", targets: ["roam-accounts"]),
        .executable(name: "roam-events", targets: ["roam-events"]),
        .executable(name: "roam-feed", targets: ["roam-feed"]),
        .executable(name: "roam-gateway", targets: ["roam-gateway"]),
        .executable(name: "roam-bench", targets: ["roam-bench"]),
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
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.0"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0", traits: []),
        .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.33.0"),
        .package(url: "https://github.com/vapor/jwt-kit.git", from: "5.8.0"),
        .package(url: "https://github.com/apple/swift-crypto.git", from: "4.5.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.0"),
        .package(url: "https://github.com/apple/swift-metrics.git", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.0"),
    ],
    targets: [
        .target(
            name: "RoamProto",
            dependencies: [
                .product(name: "SwiftProtobuf", package: "swift-protobuf"),
                .product(name: "GRPCCore", package: "grpc-swift-2"),
                .product(name: "GRPCProtobuf", package: "grpc-swift-protobuf"),
            ],
            path: "Shared/RoamProto",
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .target(
            name: "RoamRuntime",
            dependencies: grpc + [
                "RoamProto",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "JWTKit", package: "jwt-kit"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            path: "Shared/RoamRuntime",
            swiftSettings: swiftSettings
        ),
        .target(
            name: "RoamLocal",
            path: "Shared/RoamLocal",
            swiftSettings: swiftSettings
        ),
        .target(
            name: "RoamTesting",
            dependencies: grpc + [
                "RoamRuntime", "RoamLocal",
                .product(name: "GRPCInProcessTransport", package: "grpc-swift-2"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "JWTKit", package: "jwt-kit"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            path: "Shared/RoamTesting",
            swiftSettings: swiftSettings
        ),
        .target(
            name: "Accounts",
            dependencies: grpc + [
                "RoamProto", "RoamRuntime",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "JWTKit", package: "jwt-kit"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Services/Accounts/Library",
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "roam-accounts",
            dependencies: ["Accounts", "RoamRuntime"],
            path: "Services/Accounts/App",
            swiftSettings: swiftSettings
        ),
        .target(
            name: "Events",
            dependencies: grpc + [
                "RoamProto", "RoamRuntime",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            path: "Services/Events/Library",
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "roam-events",
            dependencies: ["Events", "RoamRuntime"],
            path: "Services/Events/App",
            swiftSettings: swiftSettings
        ),
        .target(
            name: "Feed",
            dependencies: grpc + [
                "RoamProto", "RoamRuntime",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            path: "Services/Feed/Library",
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "roam-feed",
            dependencies: ["Feed", "RoamRuntime"],
            path: "Services/Feed/App",
            swiftSettings: swiftSettings
        ),
        .target(
            name: "Gateway",
            dependencies: grpc + [
                "RoamProto", "RoamRuntime",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            path: "Gateway/Library",
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "roam-gateway",
            dependencies: ["Gateway", "RoamRuntime"],
            path: "Gateway/App",
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "roam",
            dependencies: grpc + [
                "RoamLocal", "RoamProto", "RoamRuntime",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Shared/RoamCommand",
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "roam-bench",
            dependencies: grpc + ["RoamLocal", "RoamProto", "RoamRuntime", "RoamTesting"],
            path: "Tests/Bench",
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "RoamRuntimeTests",
            dependencies: grpc + [
                "RoamRuntime", "RoamTesting", "RoamProto",
                .product(name: "GRPCInProcessTransport", package: "grpc-swift-2"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "JWTKit", package: "jwt-kit"),
            ],
            path: "Tests/RoamRuntimeTests",
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "AccountsTests",
            dependencies: grpc + [
                "Accounts", "RoamRuntime", "RoamTesting", "RoamProto",
                .product(name: "GRPCInProcessTransport", package: "grpc-swift-2"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ],
            path: "Tests/AccountsTests",
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "EventsTests",
            dependencies: grpc + [
                "Events", "RoamRuntime", "RoamTesting", "RoamProto",
                .product(name: "GRPCInProcessTransport", package: "grpc-swift-2"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ],
            path: "Tests/EventsTests",
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "FeedTests",
            dependencies: grpc + [
                "Feed", "Events", "RoamRuntime", "RoamTesting", "RoamProto",
                .product(name: "GRPCInProcessTransport", package: "grpc-swift-2"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ],
            path: "Tests/FeedTests",
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "GatewayTests",
            dependencies: grpc + [
                "Gateway", "Accounts", "Events", "RoamLocal", "RoamRuntime", "RoamTesting", "RoamProto",
                .product(name: "HummingbirdWSClient", package: "hummingbird-websocket"),
                .product(name: "GRPCInProcessTransport", package: "grpc-swift-2"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            path: "Tests/GatewayTests",
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "EndToEndTests",
            dependencies: grpc + [
                "Accounts", "Events", "Feed", "Gateway", "RoamLocal", "RoamRuntime", "RoamTesting", "RoamProto",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Tests/EndToEndTests",
            swiftSettings: swiftSettings
        ),
    ]
)
