#if canImport(SwiftUI)
  import Paging
  import SwiftUI

  /// What a paginated list shows while no item is loaded: the error of the failed load with
  /// its button, an empty state once the source had nothing at all, a spinner while the first
  /// page loads, and otherwise (the load was cancelled) a Load button rather than a spinner
  /// that never ends.
  @MainActor
  struct PagingEmptyState<Item: Identifiable & Sendable, Cursor: Hashable & Sendable>: View
  where Item.ID: Sendable {
    let paginator: Paginator<Item, Cursor>
    /// Loads the first page again (`start()` or `start(at:)`, as the list first did).
    let load: @MainActor () async -> Void

    var body: some View {
      if let (error, direction) = failure {
        ContentUnavailableView {
          Label("Could not load", systemImage: "exclamationmark.triangle")
        } description: {
          Text(verbatim: error.description)
        } actions: {
          LoadFailureView(
            paginator: paginator, error: error, direction: direction, showsMessage: false)
        }
      } else if paginator.appendState == .complete {
        ContentUnavailableView {
          Label("Nothing here yet", systemImage: "tray")
        }
      } else if paginator.refreshState.isLoading || paginator.appendState.isLoading
        || paginator.prependState.isLoading
      {
        ProgressView()
      } else {
        Button("Load") { Task { await load() } }
      }
    }

    private var failure: (PagingError, LoadDirection)? {
      if let error = paginator.refreshState.error { return (error, .refresh) }
      if let error = paginator.appendState.error { return (error, .append) }
      if let error = paginator.prependState.error { return (error, .prepend) }
      return nil
    }
  }
#endif
