#if canImport(SwiftUI)
  import SwiftUI

  /// The app: one window with three tabs, the feed, the chat and the search.
  @main
  struct FeedApp: App {
    var body: some Scene {
      WindowGroup {
        TabView {
          FeedView().tabItem { Label("Feed", systemImage: "list.bullet") }
          ChatView().tabItem { Label("Chat", systemImage: "bubble.left.and.bubble.right") }
          SearchView().tabItem { Label("Search", systemImage: "magnifyingglass") }
        }
      }
    }
  }
#else
  import Paging

  /// Without SwiftUI (Linux) the app has no screen; it pages through the first three pages with
  /// the same source and engine, then the chat's newest page and the one before it, then the
  /// first page of a search, and prints what it loaded, so the non-UI half runs everywhere.
  @main
  enum FeedApp {
    @MainActor
    static func main() async {
      let feed = Paginator(source: ReleaseNotesSource(server: .shared, latency: .zero))
      await feed.start()
      for _ in 1..<3 {
        do { try await feed.fetchNextPage() } catch { break }  // the error is printed below
      }
      if let error = feed.refreshState.error ?? feed.appendState.error {
        print("FeedApp: \(error)")
        return
      }
      print("FeedApp: \(feed.items.count) notes in \(feed.metrics.requestsCompleted) pages")
      for note in feed.items.prefix(3) { print("  \(note.version)  \(note.title)") }

      let chat = Paginator(
        source: ReleaseNotesSource(server: .shared, latency: .zero, isChat: true))
      await chat.start()
      do { try await chat.fetchPreviousPage() } catch { print("FeedApp chat: \(error)") }
      print(
        "FeedApp chat: \(chat.items.count) notes, oldest \(chat.items.first?.releasedAt ?? "-")")

      let search = Paginator(source: ReleaseNotesSource(server: .shared, latency: .zero))
      await search.setQuery("asyncio")
      print("FeedApp search \"asyncio\": \(search.items.count) notes on the first page")
    }
  }
#endif
