#if canImport(SwiftUI)
  import Paging
  import PagingSwiftUI
  import SwiftUI

  /// Search as you type over the release notes' titles: each change of the field's text, after
  /// 250 ms without another, replaces the results (`pagingQuery`, `Paginator.setQuery`), so no
  /// row of an older text shows under the new one (rulebook R24).
  struct SearchView: View {
    @State private var text = ""
    @State private var results = Paginator(source: ReleaseNotesSource(server: .shared))

    var body: some View {
      NavigationStack {
        PaginatedList(results) { note in NoteRow(note: note) }
          .searchable(text: $text, prompt: Text("Search the release notes"))
          .pagingQuery(text, of: results, debounce: .milliseconds(250))
          .navigationTitle("Search")
      }
    }
  }
#endif
