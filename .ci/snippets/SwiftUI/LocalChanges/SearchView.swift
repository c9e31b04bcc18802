// swift-format-ignore-file
// "Edits, queries and display filters": search as you type, debounced with task(id:),
// verbatim inside the view it belongs to.
import Paging
import SwiftUI

struct Hit: Identifiable, Sendable { let id: Int }

struct SearchSource: PageSource {
  func loadPage(_ request: PageRequest<Int>) async throws -> Page<Hit, Int> {
    Page(items: [], nextCursor: nil)
  }
}

struct SearchView: View {
  @State private var results = Paginator(source: SearchSource())
  @State private var text = ""
  private let clock = ContinuousClock()

  var body: some View {
    List(results.items) { hit in Text(verbatim: "\(hit.id)") }
.task(id: text) {
  do { try await clock.sleep(for: .milliseconds(300)) } catch { return }  // typing goes on
  await results.setQuery(text, transition: .keepPrevious)
}
  }
}
