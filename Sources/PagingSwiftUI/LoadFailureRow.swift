#if canImport(SwiftUI)
  import Paging
  import SwiftUI

  /// A load failure as a list row: the error's text, then "Retry" when `Paginator.retry()` can
  /// help (a failed refresh, or a retryable append failure), otherwise "Refresh", since the
  /// engine ignores a retry after a repeated cursor or a non-retryable source error.
  @MainActor
  struct LoadFailureRow<Item: Identifiable & Sendable, Cursor: Hashable & Sendable>: View
  where Item.ID: Sendable {
    let paginator: Paginator<Item, Cursor>
    let error: PagingError

    var body: some View {
      VStack(spacing: 8) {
        Text(verbatim: error.description)
          .font(.footnote)
          .foregroundStyle(.secondary)
          .multilineTextAlignment(.center)
        LoadFailureButton(paginator: paginator, error: error)
      }
      .frame(maxWidth: .infinity)
    }
  }

  /// The button of a ``LoadFailureRow``, also used alone in an empty list's failure state.
  @MainActor
  struct LoadFailureButton<Item: Identifiable & Sendable, Cursor: Hashable & Sendable>: View
  where Item.ID: Sendable {
    let paginator: Paginator<Item, Cursor>
    let error: PagingError

    var body: some View {
      if paginator.refreshState.error != nil || error.isRetryable {
        Button("Retry") { paginator.retry() }
      } else {
        Button("Refresh") { Task { await paginator.refresh() } }
      }
    }
  }
#endif
