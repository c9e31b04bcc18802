// swift-tools-version: 6.0
// swift-paging: infinite-scroll pagination that is correct, fast and testable.
// Swift 6 language mode (the default for tools 6.0), no outside dependencies.
import PackageDescription

let package = Package(
  name: "swift-paging",
  platforms: [.iOS(.v17), .macOS(.v14), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
  products: [
    .library(name: "Paging", targets: ["Paging"]),
    .library(name: "PagingWalk", targets: ["PagingWalk"]),
    .library(name: "PagingTesting", targets: ["PagingTesting"]),
    .library(name: "PagingHTTP", targets: ["PagingHTTP"]),
    .library(name: "PagingSwiftUI", targets: ["PagingSwiftUI"]),
    .library(name: "PagingSQLite", targets: ["PagingSQLite"]),
    .executable(name: "paging-demo", targets: ["paging-demo"]),
    .executable(name: "paging-bench", targets: ["paging-bench"]),
  ],
  targets: [
    // The engine: a pure state machine and the @MainActor @Observable Paginator.
    .target(name: "Paging"),
    // Every page of a source as an async sequence, for code without a UI (a server, a sync job);
    // it drives the engine's state machine, so its guards and retries are the list's.
    .target(name: "PagingWalk", dependencies: ["Paging"]),
    // Virtual clock, scripted sources, simulated server, list simulator.
    .target(name: "PagingTesting", dependencies: ["Paging"]),
    // The common onAppear and search code that the demo, the benchmark and the tests set
    // against the engine in the same list sessions; not a product.
    .target(name: "PagingBaselines", dependencies: ["Paging", "PagingTesting"]),
    // The system libcurl on Linux (Debian's libcurl4-openssl-dev): PagingHTTP's transport
    // there, since FoundationNetworking's URLSession took twice libcurl's time a request.
    .systemLibrary(
      name: "CCurl", pkgConfig: "libcurl", providers: [.apt(["libcurl4-openssl-dev"])]),
    // HTTP page sources (RFC 8288 Link headers, cursor fields, pages, offsets) over URLSession,
    // or libcurl on Linux.
    .target(
      name: "PagingHTTP",
      dependencies: ["Paging", .target(name: "CCurl", condition: .when(platforms: [.linux]))]),
    // Apple-only glue; every file sits inside #if canImport(SwiftUI) / canImport(UIKit).
    .target(name: "PagingSwiftUI", dependencies: ["Paging"]),
    // The system SQLite on Linux (Debian's libsqlite3-dev); Apple platforms use the SDK's.
    .systemLibrary(
      name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
    // Pages kept in SQLite: the database as the list's source of truth, a network source
    // filling it (Android Paging 3's RemoteMediator over Room).
    .target(
      name: "PagingSQLite",
      dependencies: [
        "Paging", "PagingWalk",
        .target(name: "CSQLite", condition: .when(platforms: [.linux, .android, .windows])),
      ]
    ),
    // The demo's data (CPython release notes, PSF-2.0) and its session logic, kept in a
    // library so that tests and the benchmark reach it; not a product.
    .target(
      name: "DemoSupport",
      dependencies: ["Paging", "PagingTesting", "PagingBaselines", "PagingHTTP", "PagingSQLite"],
      resources: [.copy("Resources")]
    ),
    // The reference model of a correct engine, shared by the randomized tests and the
    // exhaustive explorer; not a product.
    .target(name: "PagingReference", dependencies: ["Paging"]),
    .executableTarget(name: "paging-demo", dependencies: ["DemoSupport"]),
    .executableTarget(name: "paging-explore", dependencies: ["Paging", "PagingReference"]),
    // The child process that the crash tests kill with SIGKILL and start again: a walk of a
    // real server's table into SQLite with a checkpoint, a cached list refreshed round after
    // round; not a product.
    .executableTarget(
      name: "paging-crash-child", dependencies: ["Paging", "PagingHTTP", "PagingSQLite"]),
    .executableTarget(
      name: "paging-bench",
      dependencies: [
        "Paging", "PagingWalk", "PagingTesting", "PagingBaselines", "DemoSupport", "PagingSQLite",
        "PagingHTTP",
      ]),
    // The rows, pages, error and scripted source that the engine's and the walk's tests share.
    .target(name: "PagingTestSupport", dependencies: ["Paging"], path: "Tests/PagingTestSupport"),
    .testTarget(
      name: "PagingTests",
      dependencies: [
        "Paging", "PagingWalk", "PagingTesting", "PagingReference", "PagingTestSupport",
      ]),
    .testTarget(
      name: "PagingWalkTests",
      dependencies: ["PagingWalk", "Paging", "PagingTesting", "PagingTestSupport"]),
    .testTarget(
      name: "PagingTestingTests",
      dependencies: ["Paging", "PagingTesting", "PagingBaselines", "PagingTestSupport"]),
    .testTarget(
      name: "PagingHTTPTests",
      dependencies: ["Paging", "PagingWalk", "PagingHTTP", "PagingTesting", "paging-crash-child"]),
    .testTarget(
      name: "PagingSQLiteTests",
      dependencies: [
        "PagingSQLite", "Paging", "PagingWalk", "PagingTesting", "paging-crash-child",
      ]),
    .testTarget(
      name: "DemoSupportTests",
      dependencies: ["DemoSupport", "Paging", "PagingTesting", "PagingTestSupport"]),
  ]
)
