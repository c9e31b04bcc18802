#if canImport(SwiftUI)
  import SwiftUI

  /// The app: one window with the feed.
  @main
  struct FeedApp: App {
    var body: some Scene {
      WindowGroup { FeedView() }
    }
  }
#else
  import Paging

  /// Without SwiftUI (Linux) the app has no screen; it pages through the first three pages with
  /// the same source and engine and prints what it loaded, so the non-UI half runs everywhere.
  @main
  enum FeedApp {
    @MainActor
    static func main() async {
      let feed = Paginator(source: ReleaseNotesSource(server: .shared, latency: .zero))
      await feed.start()
      for _ in 1..<3 {
        feed.loadNextPage()
        await feed.waitUntilIdle()
      }
      if let error = feed.refreshState.error ?? feed.appendState.error {
        print("FeedApp: \(error)")
        return
      }
      print("FeedApp: \(feed.items.count) notes in \(feed.metrics.requestsCompleted) pages")
      for note in feed.items.prefix(3) { print("  \(note.version)  \(note.title)") }
    }
  }
#endif
