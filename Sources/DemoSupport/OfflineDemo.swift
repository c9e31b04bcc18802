import Foundation
import Paging
import PagingSQLite

/// `paging-demo --scenario offline`: the release notes kept in a SQLite cache. The list opens
/// online and reads three pages, is relaunched offline and shows the cached rows at once,
/// scrolls them, fails past them, comes back online, retries and refreshes.
@MainActor
package enum OfflineDemo {
  /// The network: the bundled release notes, 20 a page, unreachable while `online` is false.
  final class Network: PageSource, Sendable {
    let notes: ReleaseNoteSource
    private let state = Locked((online: true, requests: 0))

    init(notes: ReleaseNoteSource) { self.notes = notes }

    var online: Bool {
      get { state.withLock { $0.online } }
      set { state.withLock { $0.online = newValue } }
    }
    var requests: Int { state.withLock { $0.requests } }

    func loadPage(
      _ request: PageRequest<ReleaseNoteCursor>
    ) async throws -> Page<ReleaseNote, ReleaseNoteCursor> {
      let online = state.withLock { state in
        state.requests += 1
        return state.online
      }
      guard online else { throw URLError(.notConnectedToInternet) }
      return try await notes.loadPage(request)
    }
  }

  /// Runs the scenario in a new cache under the temporary folder and returns its lines.
  /// - Throws: ``PagingDatabaseError``, or what loading the bundled notes throws.
  package static func run() async throws -> [String] {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("paging-demo-offline-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/notes.sqlite"
    let network = Network(notes: try ReleaseNoteSource(notes: ReleaseNotes.bundled()))
    var configuration = PagingConfiguration<Int>(prefetch: .fixed(5))
    configuration.refreshPolicy = .aroundAnchor
    configuration.retryPolicy = .manual
    var lines: [String] = []

    do {
      let source = try CachedPageSource(
        database: try PagingDatabase(path: path), list: "notes", remote: network)
      let feed = try source.paginator(configuration: configuration)
      await feed.start()
      for _ in 0..<2 {
        feed.loadNextPage()
        await feed.waitForLoadsToEnd()
      }
      let anchor = feed.items[45]
      feed.rowAppeared(anchor)
      try source.saveAnchor(of: feed)
      lines.append(
        "open, online: \(feed.items.count) rows in 3 pages, \(network.requests) requests; "
          + "the user stops at row 46 (note \(anchor.id)); every page is in \(path.split(separator: "/").last!)"
      )
    }

    network.online = false
    let before = network.requests
    let source = try CachedPageSource(
      database: try PagingDatabase(path: path), list: "notes", remote: network,
      initialize: .skipInitialRefresh)
    let feed = try source.paginator(configuration: configuration)
    lines.append(
      "relaunch, offline: \(feed.items.count) cached rows shown at once, at note "
        + "\(feed.scrollAnchor.map(String.init) ?? "-"), \(network.requests - before) requests")
    await feed.waitForLoadsToEnd()
    feed.loadPreviousPage()
    await feed.waitForLoadsToEnd()
    lines.append(
      "scroll the cache: \(feed.items.count) rows, \(network.requests - before) requests")
    feed.loadNextPage()
    await feed.waitForLoadsToEnd()
    lines.append(
      "past the cached rows: the footer shows \(describe(feed.appendState)) "
        + "(\(network.requests - before) request)")

    network.online = true
    feed.retry()
    await feed.waitForLoadsToEnd()
    lines.append(
      "online again, retry: \(feed.items.count) rows, "
        + "\(try source.cachedItems().count) in the cache")
    await feed.refresh(policy: .fromStart)
    lines.append(
      "refresh: \(feed.items.count) rows from the first page; the cache replaced in one "
        + "transaction holds \(try source.cachedItems().count)")
    return lines
  }

  private static func describe(_ state: LoadState) -> String {
    if case .failed(let error) = state { return "an error: \(error)" }
    return "\(state)"
  }
}
