// swift-format-ignore-file
// "Getting started in SwiftUI": the feed view, verbatim.
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
