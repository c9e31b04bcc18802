// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "MyApp",
  platforms: [.iOS(.v17), .macOS(.v14)],
  dependencies: [
    // OWNER/swift-paging: the repository you clone this from. For a local checkout, in a
    // folder of any name: .package(name: "swift-paging", path: "../my-checkout")
    .package(url: "https://github.com/OWNER/swift-paging.git", from: "0.1.0")
  ],
  targets: [
    .executableTarget(
      name: "MyApp",
      dependencies: [
        .product(name: "Paging", package: "swift-paging"),
        .product(name: "PagingWalk", package: "swift-paging"),
        .product(name: "PagingSwiftUI", package: "swift-paging"),
        .product(name: "PagingHTTP", package: "swift-paging"),
        .product(name: "PagingSQLite", package: "swift-paging"),
      ]
    ),
    .testTarget(
      name: "MyAppTests",
      dependencies: [
        "MyApp", .product(name: "PagingTesting", package: "swift-paging"),
      ]
    ),
  ]
)
