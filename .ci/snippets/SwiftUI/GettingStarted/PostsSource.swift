// swift-format-ignore-file
// "Getting started in SwiftUI": the model and its source, verbatim.
import Paging

struct Post: Identifiable, Sendable, Decodable {
  let id: Int
  let title: String
}

struct PostsSource: PageSource {
  func loadPage(_ request: PageRequest<Int>) async throws -> Page<Post, Int> {
    let posts = try await API.posts(after: request.cursor, limit: 20)
    return Page(items: posts, nextCursor: posts.count < 20 ? nil : posts.last?.id)
  }
}
