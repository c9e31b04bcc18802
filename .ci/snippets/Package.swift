// swift-tools-version: 6.0
// An app's package outside ours: it depends on swift-paging by path, from a folder that is not
// called swift-paging, and compiles every Swift snippet of README.md and of the DocC articles,
// verbatim, with public access only (`.ci/snippets.sh`; DocumentationSnippetTests checks that
// every block is in a file here). The snippets that need SwiftUI are in SwiftUI/, type-checked
// against .ci/apple-stubs, since PagingSwiftUI is empty on Linux.
import PackageDescription

let package = Package(
  name: "snippets",
  platforms: [.iOS(.v17), .macOS(.v14)],
  dependencies: [.package(name: "swift-paging", path: "../..")],
  targets: [
    // README's walk.
    .target(
      name: "Readme",
      dependencies: [
        .product(name: "PagingHTTP", package: "swift-paging"),
        .product(name: "PagingWalk", package: "swift-paging"),
      ]),
    // The articles whose snippets declare no type another article declares, each file one
    // article with what its snippets assume, declared fileprivate.
    .target(
      name: "Articles",
      dependencies: [
        .product(name: "Paging", package: "swift-paging"),
        .product(name: "PagingHTTP", package: "swift-paging"),
        .product(name: "PagingWalk", package: "swift-paging"),
        .product(name: "PagingSQLite", package: "swift-paging"),
      ]),
    // "HTTP sources": its `Post`, `PostsSource` and `SearchSource` are the article's own.
    .target(
      name: "HTTPSourcesArticle",
      dependencies: [
        .product(name: "Paging", package: "swift-paging"),
        .product(name: "PagingHTTP", package: "swift-paging"),
      ]),
    // "Servers, wire formats and failures" opens with top-level code, as a main.swift.
    .executableTarget(
      name: "ServersAndWireFormats",
      dependencies: [
        .product(name: "Paging", package: "swift-paging"),
        .product(name: "PagingHTTP", package: "swift-paging"),
      ]),
    // README's test and the article "Testing pagination on any platform": run, as an app's
    // tests run them; and the "HTTP sources" article's source, checked as an app checks its own.
    .testTarget(
      name: "SnippetTests",
      dependencies: [
        "HTTPSourcesArticle",
        .product(name: "Paging", package: "swift-paging"),
        .product(name: "PagingTesting", package: "swift-paging"),
      ]),
  ]
)
