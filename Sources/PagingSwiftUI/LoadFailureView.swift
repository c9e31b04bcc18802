#if canImport(SwiftUI)
  import Paging
  import SwiftUI

  /// A load failure: the error's text (unless `showsMessage` is `false`), then "Retry" when
  /// `Paginator.retry()` can help (a failed refresh, or a retryable append failure), otherwise
  /// "Refresh", since the engine ignores a retry after a repeated cursor or a non-retryable
  /// source error.
  @MainActor
  struct LoadFailureView<Item: Identifiable & Sendable, Cursor: Hashable & Sendable>: View
  where Item.ID: Sendable {
    let paginator: Paginator<Item, Cursor>
    let error: PagingError
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
      if paginator.refreshState.error != nil || error.isRetryable {
        Button("Retry") { paginator.retry() }
      } else {
        Button("Refresh") { Task { await paginator.refresh() } }
      }
    }
  }
#endif
