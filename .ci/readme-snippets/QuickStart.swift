// swift-format-ignore-file
// README's first SwiftUI quick start, verbatim (.ci/typecheck-apple-glue.sh).
import Paging
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
    List(feed.items) { post in
      Text(post.title)
        .onAppear { feed.rowAppeared(post) }
        .onDisappear { feed.rowDisappeared(post) }
    }
    .task { await feed.start() }
    .refreshable { await feed.refresh() }
  }
}

extension API {
  static func posts(after cursor: Int?, limit: Int) async throws -> [Post] { [] }
}
