#if canImport(SwiftUI)
  import Paging
  import PagingSwiftUI
  import SwiftUI

  /// The feed: a `PaginatedList` over the release notes, and a toolbar button that makes the
  /// next page fail so the footer shows its error and Retry button.
  struct FeedView: View {
    @State private var feed = Paginator(source: ReleaseNotesSource(server: .shared))

    var body: some View {
      NavigationStack {
        PaginatedList(feed) { note in NoteRow(note: note) }
          .navigationTitle("CPython changes")
          .toolbar {
            Button("Fail next page") { Task { await ReleaseNotesServer.shared.failNextPage() } }
          }
      }
    }
  }

  /// One note: its title, and its version, section and issue below.
  struct NoteRow: View {
    let note: ReleaseNote

    var body: some View {
      VStack(alignment: .leading, spacing: 4) {
        Text(verbatim: note.title)
        Text(
          verbatim: [note.version, note.section, note.issue].compactMap { $0 }.joined(
            separator: " · ")
        )
        .font(.caption)
        .foregroundStyle(.secondary)
      }
    }
  }
#endif
