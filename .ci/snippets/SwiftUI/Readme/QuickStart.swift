// swift-format-ignore-file
// README's SwiftUI example, verbatim (.ci/typecheck-apple-glue.sh).
import Paging
import PagingSwiftUI
import SwiftUI

struct Post: Identifiable, Sendable, Decodable { let id: Int; let title: String }

struct PostsSource: PageSource {
  func loadPage(_ request: PageRequest<Int>) async throws -> Page<Post, Int> {
    let posts = try await API.posts(after: request.cursor, limit: 20)  // your networking code
    return Page(items: posts, nextCursor: posts.count < 20 ? nil : posts.last?.id)
  }
}

struct FeedView: View {
  @State private var feed = Paginator(source: PostsSource())

  var body: some View {
    List {
      ForEach(feed.items) { post in Text(post.title).pagingRow(post, in: feed) }
      PagingFooter(feed)  // loading, the error with a Retry button, or a line at the end
    }
    .task { await feed.start() }
    .refreshable(feed)
  }
}

extension API {
  static func posts(after cursor: Int?, limit: Int) async throws -> [Post] { [] }
}
