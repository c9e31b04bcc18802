// swift-format-ignore-file
// The first example of the DocC article "HTTP sources", verbatim: a source of your own over
// URLSession (FoundationNetworking on Linux, imported below).
import Foundation
import Paging

struct Post: Identifiable, Sendable, Decodable {
  let id: Int
  let title: String
}

/// An HTTP error status; 429 and 5xx are worth retrying.
struct HTTPStatusError: RetryableError {
  let statusCode: Int
  var isRetryable: Bool { statusCode == 429 || (500..<600).contains(statusCode) }
}

struct PostsSource: PageSource {
  struct Body: Decodable {
    let posts: [Post]
    let nextCursor: String?

    enum CodingKeys: String, CodingKey {
      case posts
      case nextCursor = "next_cursor"
    }
  }

  let endpoint: URL
  let limit = 20

  func url(for request: PageRequest<String>) -> URL {
    var query = [URLQueryItem(name: "limit", value: String(limit))]
    if let cursor = request.cursor { query.append(URLQueryItem(name: "after", value: cursor)) }
    var components = URLComponents()
    components.queryItems = query
    return components.url(relativeTo: endpoint)?.absoluteURL ?? endpoint
  }

  func loadPage(_ request: PageRequest<String>) async throws -> Page<Post, String> {
    let (data, response) = try await URLSession.shared.data(from: url(for: request))
    let status = (response as? HTTPURLResponse)?.statusCode ?? 0
    guard status == 200 else { throw HTTPStatusError(statusCode: status) }
    let body = try JSONDecoder().decode(Body.self, from: data)
    return Page(items: body.posts, nextCursor: body.nextCursor)
  }
}

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif
