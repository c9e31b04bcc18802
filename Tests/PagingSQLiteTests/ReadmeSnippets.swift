import Foundation
import Paging
import PagingSQLite

// The offline-first calls the DocC article "Offline-first lists" walks through, compiled, not run.

private struct Post: Identifiable, Sendable, Codable {
  let id: Int
}

private struct PostsSource: PageSource {
  func loadPage(_ request: PageRequest<String>) async throws -> Page<Post, String> {
    Page(items: [], nextCursor: nil)
  }
}

@MainActor
private func readmeOfflineFirst(
  caches: URL, configuration: PagingConfiguration<Int>, post: Post
) async throws {
  let path = caches.appending(path: "feed.sqlite").path
  let database = try PagingDatabase(path: path, options: .init(recreateIfUnreadable: true))
  let source = try CachedPageSource(
    database: database, list: "feed", remote: PostsSource(),
    initialize: .launchInitialRefresh(ifOlderThan: .seconds(3600)))
  let feed = try source.paginator(configuration: configuration)  // cached rows, 0 requests
  await feed.start()
  try source.edit(.update(post), in: feed)  // written through, kept until a later refresh
  try source.saveAnchor(of: feed)  // when the app leaves: where the list reopens
}
