// swift-format-ignore-file
// README's search screen, verbatim (.ci/typecheck-apple-glue.sh).
import Paging
import PagingSwiftUI
import SwiftUI

struct SearchSource: PageSource {
  func loadPage(_ request: PageRequest<Int>) async throws -> Page<Post, Int> {
    let text = request.query(as: String.self) ?? ""
    let posts = try await API.search(text, after: request.cursor, limit: 20)
    return Page(items: posts, nextCursor: posts.count < 20 ? nil : posts.last?.id)
  }
}

struct SearchView: View {
  @State private var text = ""
  @State private var results = Paginator(source: SearchSource())

  var body: some View {
    List {
      ForEach(results.items) { post in Text(post.title).pagingRow(post, in: results) }
      PagingFooter(results)
    }
    .searchable(text: $text)
    .opacity(results.isShowingPreviousQuery ? 0.5 : 1)
    .pagingQuery(text, of: results, transition: .keepPrevious, debounce: .milliseconds(300))
  }
}

struct Post: Identifiable, Sendable { let id: Int; let title: String }

extension API {
  static func search(_ text: String, after cursor: Int?, limit: Int) async throws -> [Post] { [] }
}
