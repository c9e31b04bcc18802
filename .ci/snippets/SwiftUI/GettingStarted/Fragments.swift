// swift-format-ignore-file
// "Getting started in SwiftUI": the snippets that are parts of a view, verbatim, each in the
// view body or function it belongs in.
import Paging
import PagingSwiftUI
import SwiftUI

struct PaginatedFeedView: View {
  @State private var feed = Paginator(source: PostsSource())

  var body: some View {
PaginatedList(feed) { post in
  Text(post.title)
}
  }
}

struct PlainFeedView: View {
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

@MainActor
func configuredFeed() -> Paginator<Post, Int> {
let feed = Paginator(
  source: PostsSource(),
  configuration: PagingConfiguration(
    prefetch: .fixed(10),
    retryPolicy: .exponentialBackoff(
      ExponentialBackoff(
        initialDelay: .milliseconds(500), maxAttempts: 4, immediateFirstRetry: true))))
  return feed
}

struct ChatScrollView: View {
  @State private var chat = Paginator(source: MessagesSource())

  var body: some View {
ScrollView {
  LazyVStack {
    PagingHeader(chat)
    ForEach(chat.items) { message in
      MessageRow(message).pagingRow(message, in: chat)
    }
  }
  .scrollTargetLayout()
}
.defaultScrollAnchor(.bottom)
.pagingScrollAnchor(chat)
.task { await chat.start(at: .newest) }
  }
}
