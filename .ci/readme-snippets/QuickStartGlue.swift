// swift-format-ignore-file
// README's quick start with PagingSwiftUI's glue, verbatim (.ci/typecheck-apple-glue.sh).
import Paging
import PagingSwiftUI
import SwiftUI

struct FeedView: View {
  @State private var feed = Paginator(source: PostsSource())

  var body: some View {
    List {
      ForEach(feed.items) { post in
        Text(post.title)
          .pagingRow(post, in: feed)
      }
      PagingFooter(feed)
    }
    .task { await feed.start() }
    .refreshable(feed)
  }
}

struct Post: Identifiable, Sendable, Decodable { let id: Int; let title: String }

struct PostsSource: PageSource {
  func loadPage(_ request: PageRequest<Int>) async throws -> Page<Post, Int> {
    Page(items: [], nextCursor: nil)
  }
}
