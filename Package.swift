// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Kanora",
    products: [
        .executable(name: "kanora", targets: ["kanora"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        // Declared for the NIO and HTTP types modules the server and client import directly
        // (Hummingbird and AsyncHTTPClient bring the same packages).
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
    ],
    targets: [
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        // libgd decodes, resizes and encodes cover art (JPEG, PNG, GIF, WebP, BMP). The shim
        // opens it with dlopen when a cover is first resized instead of linking it: libgd
        // brings some fifty libraries every kanora process would otherwise load at start.
        // gd.h comes from libgd-dev (in /usr/include: no pkgConfig, whose -DAVIF_DLL flag
        // SwiftPM refuses with a warning).
        .target(
            name: "CGD",
            linkerSettings: [.linkedLibrary("dl")]
        ),
        .target(
            name: "CTagLib",
            linkerSettings: [.linkedLibrary("tag")]
        ),
        // zlib (Debian's zlib1g-dev): the web app's files are sent gzipped to browsers that accept it.
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        // RE2 (Debian's libre2-dev) runs the query language's regular expressions in linear time.
        .target(
            name: "CRE2",
            linkerSettings: [.linkedLibrary("re2")]
        ),
        // The model every layer sees: tracks, albums, playlists, users, the query language, errors.
        // RE2 checks a query's regular expressions when it is parsed.
        .target(name: "LibraryCore", dependencies: ["CRE2"]),
        // The storage: SQLite, its schema and migrations, the stores' SQL. Its API is `package`:
        // only LibraryServices declares it, so no view, route or command can reach a store.
        .target(name: "LibraryStorage", dependencies: ["LibraryCore", "CSQLite"]),
        .target(
            name: "LibraryServices",
            dependencies: ["LibraryCore", "LibraryStorage", "CTagLib", "CGD", .product(name: "Crypto", package: "swift-crypto")]
        ),
        .target(name: "LibraryViewModels", dependencies: ["LibraryCore", "LibraryServices"]),
        // Kanora's own HTTP API as typed requests, shared by the server and the client: no HTTP library.
        .target(name: "KanoraAPI", dependencies: ["LibraryCore", "LibraryServices"]),
        // The services over Kanora's API (`ServiceContainer.remote`): AsyncHTTPClient lives here only.
        .target(
            name: "LibraryClient",
            dependencies: [
                "LibraryCore", "LibraryServices", "KanoraAPI",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]
        ),
        // The HTTP server (Subsonic/OpenSubsonic, later Kanora's own API): Hummingbird lives here only.
        .target(
            name: "LibraryServer",
            dependencies: [
                "LibraryCore", "LibraryServices", "LibraryViewModels", "KanoraAPI", "CZlib",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "NIOCore", package: "swift-nio"),
                // The web app's YAML string catalogs (en, de), read once at start-up.
                .product(name: "Yams", package: "Yams"),
            ],
            // The web app's files and its catalogs, compiled into the binary (`PackageResources`):
            // no bundle directory beside the executable. Both folders are flat (names are unique).
            resources: [.embedInCode("Web/Assets"), .embedInCode("Localization")]
        ),
        // jemalloc's options, compiled into the executable (one C symbol it reads at start-up).
        .target(name: "CJemallocConfig"),
        .executableTarget(
            name: "kanora",
            dependencies: [
                "LibraryCore",
                "LibraryServices",
                "LibraryViewModels",
                "LibraryServer",
                "LibraryClient",
                "CJemallocConfig",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            // Release only: lld with packed relative relocations (DT_RELR, glibc 2.36+) and no
            // exported symbol table. With `scripts/build-release` (static Swift runtime) a
            // command starts in ~7 ms instead of ~12 ms and a scan's peak RSS is ~8 MB lower:
            // the loader no longer reads 3 MB of relocations and 2.7 MB of symbols.
            linkerSettings: [
                // jemalloc (Debian's libjemalloc-dev) instead of glibc's malloc: TagLib's many
                // small strings and buffers, freed on the reading threads, cost a cold scan
                // ~0.25 CPU s less (notes/scan-at-the-limit.md, "The allocator").
                .linkedLibrary("jemalloc", .when(platforms: [.linux])),
                .unsafeFlags(["-Xlinker", "--export-dynamic-symbol=malloc_conf"], .when(platforms: [.linux])),
                .unsafeFlags(
                    ["-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs", "-Xlinker", "--no-export-dynamic"],
                    .when(platforms: [.linux], configuration: .release)),
                // The functions a scan runs, then those a scan and a server both run, then those only
                // a server runs, each group placed together: the kernel maps code 64 KB around each
                // first touch, and scattered they kept 12 MB (scan) and 21 MB (server at 1M tracks)
                // of code resident for 2-4 MB run. `scripts/build-release` gives each Swift function
                // its own section so lld can move it; `scripts/link-order` regenerates the list
                // (a stale or missing name leaves that function in place). Functions without a
                // name, which no list can name, go just before them (`kanora-unnamed.ld`).
                .unsafeFlags(
                    ["-Xlinker", "--symbol-ordering-file=\(Context.packageDirectory)/packaging/kanora-link-order.txt",
                     "-Xlinker", "--no-warn-symbol-ordering",
                     "-Xlinker", "-T", "-Xlinker", "\(Context.packageDirectory)/packaging/kanora-unnamed.ld"],
                    .when(platforms: [.linux], configuration: .release)),
            ]
        ),
        // Bounded waits and a seeded generator for every test target; depends on nothing,
        // so LibraryCoreTests can use it without linking TagLib.
        .target(name: "TestKit", path: "Tests/TestKit"),
        .target(
            name: "TestSupport",
            dependencies: ["LibraryCore", "LibraryStorage", "LibraryServices", "TestKit"],
            path: "Tests/TestSupport"
        ),
        .testTarget(name: "LibraryCoreTests", dependencies: ["LibraryCore", "TestKit"]),
        .testTarget(name: "LibraryStorageTests", dependencies: ["LibraryStorage", "LibraryCore", "CSQLite", "TestKit"]),
        .testTarget(
            name: "LibraryServicesTests",
            dependencies: ["LibraryServices", "LibraryStorage", "LibraryCore", "TestSupport", "TestKit", .product(name: "Crypto", package: "swift-crypto")]
        ),
        .testTarget(
            name: "LibraryViewModelsTests",
            dependencies: ["LibraryViewModels", "LibraryServices", "LibraryCore", "TestSupport", "TestKit"]
        ),
        .testTarget(
            name: "LibraryServerTests",
            dependencies: [
                "LibraryServer", "LibraryViewModels", "LibraryServices", "LibraryStorage", "LibraryCore", "KanoraAPI", "TestSupport", "TestKit",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(
            name: "KanoraTests",
            dependencies: [
                "kanora", "TestSupport", "LibraryCore", "LibraryStorage", "LibraryServices", "LibraryViewModels", "TestKit", "LibraryServer",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
            ]
        ),
        .testTarget(name: "KanoraAPITests", dependencies: ["KanoraAPI", "LibraryServices", "LibraryCore"]),
        .testTarget(
            name: "LibraryClientTests",
            dependencies: [
                "LibraryClient", "LibraryServer", "LibraryViewModels", "LibraryServices", "LibraryCore", "KanoraAPI",
                "TestSupport", "TestKit", .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6],
    cxxLanguageStandard: .cxx17
)
