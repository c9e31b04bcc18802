// swift-format-ignore-file
// The second example of the DocC article "HTTP sources", verbatim: a POST search over
// PagingHTTP's transport, with its origin check and size limit.
import Foundation
import Paging
import PagingHTTP
#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

struct SearchSource: PageSource {
  let endpoint: URL
  let transport: any HTTPTransport = HTTPPageSource<Post>.defaultTransport

  func loadPage(_ request: PageRequest<String>) async throws -> Page<Post, String> {
    try HTTPOrigin.check(endpoint, against: endpoint)
    var urlRequest = URLRequest(url: endpoint)
    urlRequest.httpMethod = "POST"
    urlRequest.httpBody = try JSONEncoder().encode(["after": request.cursor])
    let (body, response) = try await transport.checkedResponse(
      for: urlRequest, maximumBodySize: 1 << 20)
    do {
      let page = try JSONDecoder().decode(PostsSource.Body.self, from: body)
      return Page(items: page.posts, nextCursor: page.nextCursor)
    } catch let error as DecodingError {
      throw HTTPPagingError.decoding(url: endpoint, error: error, response: response, body: body)
    }
  }
}
