// swift-format-ignore-file
// The snippets of the DocC article "A capped list, a refresh that keeps the place, a restored
// list, and jumps", verbatim, each inside a function that is compiled and never run.
import Foundation
import Paging

private struct Post: Identifiable, Sendable, Codable {
  let id: Int
}

private struct PostsSource: PageSource {
  func loadPage(_ request: PageRequest<Int>) async throws -> Page<Post, Int> {
    Page(items: [], nextCursor: nil)
  }
}

struct Note: Identifiable, Sendable {
  let id: Int
}

/// The app's networking code the jump example calls.
private enum NotesAPI {
  static func notes(offset: Int, limit: Int) async throws -> ([Note], Int) { ([], 0) }
}

private let api = NotesAPI.self

@MainActor
private func cappedFeed() -> Paginator<Post, Int> {
  let configuration = PagingConfiguration<Int>(
    prefetch: .fixed(20),
    maxSize: 1_000,               // items kept; pages beyond drop and reload
    refreshPolicy: .aroundAnchor  // pull to refresh keeps the row on screen
  )
  let feed = Paginator(source: PostsSource(), configuration: configuration)
  return feed
}

@MainActor
private func refreshAllLoaded(feed: Paginator<Post, Int>) async {
  await feed.refresh(policy: .allLoaded(limit: 5))  // at most 5 requests, one change of items
}

struct NotesSource: PageSource {
  let pageSize = 20
  var jumpingSupported: Bool { true }

  // Paging 3's getRefreshKey, centred with the size of the page the cursor loads.
  func cursor(around position: Int) -> Int? { max(0, position - pageSize / 2) }

  func loadPage(_ request: PageRequest<Int>) async throws -> Page<Note, Int> {
    let offset = request.cursor ?? 0
    let (notes, total) = try await api.notes(offset: offset, limit: pageSize)
    let end = offset + notes.count
    return Page(
      items: notes, nextCursor: end < total ? end : nil,
      previousCursor: offset > 0 ? max(0, offset - pageSize) : nil,
      itemsBefore: offset, itemsAfter: total - end)
  }
}

@MainActor
private func restore(feed: Paginator<Post, Int>, configuration: PagingConfiguration<Int>)
  throws -> (Paginator<Post, Int>, PagingSnapshotError?)
{
  let caches = FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask)[0]
  let url = caches.appending(path: "feed.snapshot.json")  // URL.cachesDirectory on Apple platforms
  // When the app goes to the background:
  try feed.snapshot().encoded().write(to: url, options: .atomic)
  // At launch: the saved rows at once, then a refresh by the refresh policy.
  let (restored, restoreError) = Paginator.restoring(
    (try? Data(contentsOf: url)) ?? Data(), source: PostsSource(), configuration: configuration)
  return (restored, restoreError)
}
