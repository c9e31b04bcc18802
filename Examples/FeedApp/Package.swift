// swift-tools-version: 6.0
// FeedApp: a minimal SwiftUI app that pages the CPython release notes of the demo data through
// swift-paging. Not part of the root package, so Linux builds of the library ignore it.
import PackageDescription

let package = Package(
  name: "FeedApp",
  platforms: [.iOS(.v17), .macOS(.v14)],
  dependencies: [.package(name: "swift-paging", path: "../..")],
  targets: [
    .executableTarget(
      name: "FeedApp",
      dependencies: [
        .product(name: "Paging", package: "swift-paging"),
        .product(name: "PagingSwiftUI", package: "swift-paging"),
      ]
    )
  ]
)
