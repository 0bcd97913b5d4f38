// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Kanora",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "kanora", targets: ["kanora"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        .target(
            name: "CTagLib",
            linkerSettings: [.linkedLibrary("tag")]
        ),
        .target(name: "LibraryCore", dependencies: ["CSQLite"]),
        .target(name: "LibraryServices", dependencies: ["LibraryCore", "CTagLib"]),
        .target(name: "LibraryViewModels", dependencies: ["LibraryServices"]),
        .executableTarget(
            name: "kanora",
            dependencies: [
                "LibraryViewModels",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Bounded waits and a seeded generator for every test target; depends on nothing,
        // so LibraryCoreTests can use it without linking TagLib.
        .target(name: "TestKit", path: "Tests/TestKit"),
        .target(
            name: "TestSupport",
            dependencies: ["LibraryServices", "TestKit"],
            path: "Tests/TestSupport"
        ),
        .testTarget(name: "LibraryCoreTests", dependencies: ["LibraryCore", "TestKit"]),
        .testTarget(name: "LibraryServicesTests", dependencies: ["LibraryServices", "TestSupport", "TestKit"]),
        .testTarget(name: "LibraryViewModelsTests", dependencies: ["LibraryViewModels", "TestSupport", "TestKit"]),
        .testTarget(name: "KanoraTests", dependencies: ["kanora", "TestSupport", "LibraryCore", "TestKit"]),
    ],
    swiftLanguageModes: [.v6],
    cxxLanguageStandard: .cxx17
)
