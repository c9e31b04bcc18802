#if canImport(SwiftUI)
  import Paging
  import SwiftUI

  extension View {
    /// Makes pull to refresh call `Paginator.refresh()`, and keeps the indicator up until the
    /// refreshed first page commits or fails.
    ///
    /// SwiftUI runs the refresh action in a task it owns and cancels that task when the list
    /// re-renders during the refresh (for example when a page in flight commits). The paginator
    /// runs the refresh in a task of its own, so that cancellation does not reach it: the
    /// refresh goes on, nothing is reported as an error, and the items are replaced in one step
    /// when the new first page commits. If the refresh fails, the old items stay and
    /// `Paginator.refreshState` holds the error.
    ///
    /// ```swift
    /// List(feed.items) { post in PostRow(post).pagingRow(post, in: feed) }
    ///   .refreshable(feed)
    /// ```
    ///
    /// - Parameter paginator: The paginator to refresh.
    /// - Returns: A view whose environment holds a refresh action for `paginator`.
    @MainActor
    public func refreshable<Item, Cursor>(_ paginator: Paginator<Item, Cursor>) -> some View
    where Item: Identifiable & Sendable, Item.ID: Sendable, Cursor: Hashable & Sendable {
      refreshable { await paginator.refresh() }
    }
  }
#endif
