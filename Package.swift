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
        .target(
            name: "TestSupport",
            dependencies: ["LibraryServices"],
            path: "Tests/TestSupport"
        ),
        .testTarget(name: "LibraryCoreTests", dependencies: ["LibraryCore"]),
        .testTarget(name: "LibraryServicesTests", dependencies: ["LibraryServices", "TestSupport"]),
        .testTarget(name: "LibraryViewModelsTests", dependencies: ["LibraryViewModels", "TestSupport"]),
        .testTarget(name: "KanoraTests", dependencies: ["kanora", "TestSupport", "LibraryCore"]),
    ],
    swiftLanguageModes: [.v6],
    cxxLanguageStandard: .cxx17
)
