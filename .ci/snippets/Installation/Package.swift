// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "MyApp",
  platforms: [.iOS(.v17), .macOS(.v14)],
  dependencies: [
    // OWNER/swift-paging: the repository you clone this from. For a local checkout use
    // `.package(path: "../swift-paging")`: SwiftPM names a path dependency after its folder,
    // so the folder must be called swift-paging for `package: "swift-paging"` below.
    .package(url: "https://github.com/OWNER/swift-paging.git", branch: "main")
  ],
  targets: [
    .executableTarget(
      name: "MyApp",
      dependencies: [
        .product(name: "Paging", package: "swift-paging"),  // the engine and Paginator
        .product(name: "PagingWalk", package: "swift-paging"),  // every page, without a UI
        .product(name: "PagingSwiftUI", package: "swift-paging"),  // SwiftUI and UIKit glue
        .product(name: "PagingHTTP", package: "swift-paging"),  // URLSession page sources
        .product(name: "PagingSQLite", package: "swift-paging"),  // pages kept in SQLite
      ]
    ),
    .testTarget(
      name: "MyAppTests",
      dependencies: [
        "MyApp", .product(name: "PagingTesting", package: "swift-paging"),  // list simulator
      ]
    ),
  ]
)
