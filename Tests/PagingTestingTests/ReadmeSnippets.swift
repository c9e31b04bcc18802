// swift-format-ignore-file
import Foundation
import Paging

// Snippets of the DocC articles that build on Linux (edits and filters, a capped feed, a refresh
// of everything loaded, a restore), each verbatim inside a function that is compiled and never
// run; ReadmeSnippetTests checks every ```swift block of the README is in a file like this one,
// .ci/readme-snippets or a test. The types they assume are declared here.

private struct EditablePost: Identifiable, Sendable, Codable {
  let id: Int
  var title: String
  var authorID: Int
  var isLiked = false
}

private struct PostsSource: PageSource {
  func loadPage(_ request: PageRequest<Int>) async throws -> Page<EditablePost, Int> {
    Page(items: [], nextCursor: nil)
  }
}

@MainActor
private func readmeEdits(feed: Paginator<EditablePost, Int>, post: EditablePost, draft: EditablePost) throws {
  var liked = post
  liked.isLiked = true
  try feed.edit(.update(liked))             // throws PagingEditError if not loaded
  try feed.edit(.remove(post.id))           // never throws: an id not loaded is remembered
  try feed.edit(.insert(draft, at: .start)) // or at: .after(id), at: .before(id)
  try feed.edit(.move(post.id, to: .start))
}

@MainActor
private func readmeFilter(feed: Paginator<EditablePost, Int>, muted: Set<Int>) {
  feed.filter = { [muted] post in !muted.contains(post.authorID) }  // nil shows everything
}

@MainActor
private func readmeCappedFeed() -> Paginator<EditablePost, Int> {
  let configuration = PagingConfiguration<Int>(
    prefetch: .fixed(20),
    maxSize: 1_000,               // items kept; pages beyond drop and reload
    refreshPolicy: .aroundAnchor  // pull to refresh keeps the row on screen
  )
  let feed = Paginator(source: PostsSource(), configuration: configuration)
  return feed
}

private func readmeTailLatencyDefaults() -> [PagingConfiguration<String>] {
  let noHedges = PagingConfiguration<String>(hedging: .off)          // never a second request
  let fixedDelay = PagingConfiguration<String>(hedging: .after(.seconds(2)))  // no budget
  let smallerBudget = PagingConfiguration<String>(                   // the default rule
    hedging: .adaptive(AdaptiveHedging(loadsPerHedge: 20, maximumHedges: 1)))
  let fixedPrefetch = PagingConfiguration<String>(prefetch: .fixed(20))  // Paging 3's way
  return [noHedges, fixedDelay, smallerBudget, fixedPrefetch]
}

@MainActor
private func readmeRefreshAllLoaded(feed: Paginator<EditablePost, Int>) async {
  await feed.refresh(policy: .allLoaded(limit: 5))  // at most 5 requests, one change of items
}

@MainActor
private func readmeRestore(feed: Paginator<EditablePost, Int>, configuration: PagingConfiguration<Int>)
  throws -> (Paginator<EditablePost, Int>, PagingSnapshotError?)
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
