// swift-format-ignore-file
// The snippets of PagingSQLite's DocC articles ("Offline-first lists", "Walks that resume after
// a crash"), verbatim, each inside a function that is compiled and never run.
import Foundation
import Paging
import PagingHTTP
import PagingSQLite
import PagingWalk

private struct Post: Identifiable, Sendable, Codable {
  let id: Int
}

private struct PostsSource: PageSource {
  func loadPage(_ request: PageRequest<String>) async throws -> Page<Post, String> {
    Page(items: [], nextCursor: nil)
  }
}

private struct Order: Identifiable, Sendable, Codable {
  let id: Int
}

#if !canImport(Darwin)
  // Apple platforms' URL.cachesDirectory, which the article's app uses; Linux's Foundation
  // lacks it.
  extension URL {
    fileprivate static var cachesDirectory: URL {
      FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask)[0]
    }
  }
#endif

@MainActor
private func offlineFirst(configuration: PagingConfiguration<Int>) async throws {
  let path = URL.cachesDirectory.appending(path: "feed.sqlite").path
  let database = try PagingDatabase(path: path, options: .init(recreateIfUnreadable: true))
  let source = try CachedPageSource(
    database: database, list: "feed", remote: PostsSource(),
    initialize: .launchInitialRefresh(ifOlderThan: .seconds(3600)))
  let feed = try source.paginator(configuration: configuration)
  await feed.start()
  _ = feed
}

private func resumableWalk(orders: HTTPPageSource<Order>) async throws {
  let database = try PagingDatabase(path: "orders.sqlite")
  let checkpoint = try WalkCheckpoint<Order, HTTPCursor>(database: database, name: "orders")
  for try await page in orders.pages(from: checkpoint) {
    print("\(page.items.count) new rows stored")
  }
  let rows = try checkpoint.items()   // every row, once, in walk order
  _ = rows
}
