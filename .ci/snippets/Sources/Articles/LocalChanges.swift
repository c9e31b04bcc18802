// swift-format-ignore-file
// The snippets of the DocC article "Edits, queries and display filters" that build without
// SwiftUI, verbatim, each inside a function that is compiled and never run; its `.task(id:)`
// example is in SwiftUI/LocalChanges.
import Paging

private struct Post: Identifiable, Sendable {
  let id: Int
  var title: String
  var authorID: Int
  var isLiked = false
}

struct Hit: Identifiable, Sendable {
  let id: Int
}

/// The app's networking code the search example calls.
enum API {
  static func search(_ text: String, after cursor: Int?) async throws -> Page<Hit, Int> {
    Page(items: [], nextCursor: nil)
  }
}

@MainActor
private func edits(feed: Paginator<Post, Int>, post: Post, draft: Post, pinned: Post) throws {
  var liked = post
  liked.isLiked = true
  try feed.edit(.update(liked))             // throws PagingEditError if not loaded
  try feed.edit(.remove(post.id))           // never throws: an id not loaded is remembered
  try feed.edit(.insert(draft, at: .start)) // or at: .after(id), at: .before(id)
  try feed.edit(.move(pinned.id, to: .start))
}

struct SearchSource: PageSource {
  func loadPage(_ request: PageRequest<Int>) async throws -> Page<Hit, Int> {
    let text = request.query as? String ?? ""
    return try await API.search(text, after: request.cursor)
  }
}

@MainActor
private func filter(feed: Paginator<Post, Int>, muted: Set<Int>) {
  feed.filter = { [muted] post in !muted.contains(post.authorID) }
}
