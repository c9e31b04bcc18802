#if canImport(SwiftUI)
  import Paging
  import PagingSwiftUI
  import SwiftUI

  /// The chat: the release notes as a history, oldest first, in a `PaginatedChat` that opens at
  /// the newest note and puts older pages above the note being read, which stays still
  /// (`Paginator.scrollAnchor`).
  struct ChatView: View {
    @State private var chat = Paginator(source: ReleaseNotesSource(server: .shared, isChat: true))

    var body: some View {
      NavigationStack {
        PaginatedChat(chat) { note in NoteRow(note: note) }
          .navigationTitle("CPython history")
      }
    }
  }
#endif
