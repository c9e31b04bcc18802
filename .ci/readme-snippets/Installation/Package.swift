// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "MyApp",
  platforms: [.iOS(.v17), .macOS(.v14)],
  dependencies: [
    // The URL you clone this repository from (or `.package(path: "../swift-paging")`).
    .package(url: "https://github.com/swift-paging/swift-paging.git", branch: "main")
  ],
  targets: [
    .executableTarget(
      name: "MyApp",
      dependencies: [
        .product(name: "Paging", package: "swift-paging"),  // the engine and Paginator
        .product(name: "PagingSwiftUI", package: "swift-paging"),  // SwiftUI and UIKit glue
        .product(name: "PagingHTTP", package: "swift-paging"),  // URLSession page sources
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
