#if canImport(SwiftUI)
  import Paging
  import SwiftUI

  /// What ``PagingHeader`` and ``PagingFooter`` draw for one edge: nothing while idle, a spinner
  /// while a page loads, the error with its button after a failure, a short line at the end.
  @MainActor
  struct EdgeStateView<Item: Identifiable & Sendable, Cursor: Hashable & Sendable>: View
  where Item.ID: Sendable {
    let paginator: Paginator<Item, Cursor>
    /// `.prepend` (the header) or `.append` (the footer).
    let direction: LoadDirection
    /// The line shown once the edge's end is reached.
    let endText: String

    var body: some View {
      switch direction == .prepend ? paginator.prependState : paginator.appendState {
      case .idle:
        EmptyView()
      case .loading:
        ProgressView()
          .frame(maxWidth: .infinity)
      case .failed(let error):
        LoadFailureView(paginator: paginator, error: error, direction: direction)
      case .complete:
        Text(endText)
          .font(.footnote)
          .foregroundStyle(.secondary)
          .frame(maxWidth: .infinity)
      }
    }
  }
#endif
