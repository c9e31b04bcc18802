// The "HTTP sources" article's `PostsSource`, compiled verbatim in HTTPSourcesArticle, checked
// as an app's test checks its own source: the cursor goes in the query, and the statuses worth
// retrying are.
import Foundation
import Paging
import PagingTesting
import Testing

@testable import HTTPSourcesArticle

@Test func postsSourcePutsTheCursorInTheQuery() throws {
  let endpoint = try #require(URL(string: "https://api.example.com/posts"))
  let source = PostsSource(endpoint: endpoint)
  // The requests an app's own test can make, through PagingTesting's public initializer.
  let first = PageRequest<String>(cursor: nil)
  let next = PageRequest<String>(direction: .append, cursor: "c2")
  #expect(source.url(for: first).absoluteString == "https://api.example.com/posts?limit=20")
  #expect(
    source.url(for: next).absoluteString == "https://api.example.com/posts?limit=20&after=c2")
  #expect(HTTPStatusError(statusCode: 503).isRetryable)
  #expect(!HTTPStatusError(statusCode: 404).isRetryable)
}
