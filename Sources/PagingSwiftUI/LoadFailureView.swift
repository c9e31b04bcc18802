#if canImport(SwiftUI)
  import Paging
  import SwiftUI

  /// A load failure of one direction: the error's text (unless `showsMessage` is `false`),
  /// then a button. A failed refresh (or first load) offers "Retry", which refreshes again; a
  /// failed prepend or append offers "Retry" (`Paginator.retry()`, the same cursor again), or
  /// "Refresh" when a retry cannot help (a repeated cursor, which only a refresh clears, or an
  /// error that is not retryable).
  @MainActor
  struct LoadFailureView<Item: Identifiable & Sendable, Cursor: Hashable & Sendable>: View
  where Item.ID: Sendable {
    let paginator: Paginator<Item, Cursor>
    let error: PagingError
    let direction: LoadDirection
    var showsMessage = true

    var body: some View {
      if showsMessage {
        VStack(spacing: 8) {
          Text(verbatim: error.description)
            .font(.footnote)
            .foregroundStyle(.secondary)
            .multilineTextAlignment(.center)
          button
        }
        .frame(maxWidth: .infinity)
      } else {
        button
      }
    }

    @ViewBuilder private var button: some View {
      switch (direction, error) {
      case (.refresh, _):
        Button("Retry") { Task { await paginator.refresh() } }
      case (.prepend, _) where !error.isRetryable, (.append, _) where !error.isRetryable:
        // A repeated cursor, or an error the source says a retry cannot fix.
        Button("Refresh") { Task { await paginator.refresh() } }
      case (.prepend, _), (.append, _):
        Button("Retry") { paginator.retry() }
      }
    }
  }
#endif
