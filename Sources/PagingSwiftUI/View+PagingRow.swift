#if canImport(SwiftUI)
  import Paging
  import SwiftUI

  extension View {
    /// Reports this row's appearances to a paginator: `onAppear` becomes
    /// `Paginator.rowAppeared(_:)` and `onDisappear` becomes `Paginator.rowDisappeared(_:)`.
    ///
    /// The row does not decide anything: an appearance is a signal, and the paginator starts at
    /// most one request per page, only when the row is within the prefetch distance of an edge
    /// (the end, or the start of a list that loads upward), never past that edge's last page or
    /// while a failure is latched. Bursts of appearances on first display, repeats on scroll back
    /// and missing `onDisappear` calls (as `LazyVStack` on iOS 16 to 18 drops them) are all safe.
    ///
    /// ```swift
    /// List(feed.items) { post in
    ///   PostRow(post).pagingRow(post, in: feed)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - item: The item this row shows; it must be one of `paginator.items` (others are
    ///     counted as ignored signals).
    ///   - paginator: The paginator to report to.
    /// - Returns: The row with `onAppear` and `onDisappear` actions attached, or, inside a list
    ///   that reports its visible rows (``SwiftUI/View/pagingVisibleRows(_:threshold:)``
    ///   on iOS 18 and later), the row as it is.
    /// - Complexity: O(1) per appearance.
    @MainActor
    public func pagingRow<Item, Cursor>(
      _ item: Item, in paginator: Paginator<Item, Cursor>
    ) -> some View
    where Item: Identifiable & Sendable, Item.ID: Sendable, Cursor: Hashable & Sendable {
      modifier(
        PagingRowSignals(
          appeared: { paginator.rowAppeared(item) },
          disappeared: { paginator.rowDisappeared(item) }))
    }

    /// Reports the appearances of a row of `Paginator.rows`, a loaded item or a placeholder: a
    /// placeholder shown loads the edge it lies beyond, or, far from the loaded rows, the page
    /// around it in one request (Paging's rulebook R31).
    ///
    /// ```swift
    /// List(feed.rows) { row in
    ///   NoteRow(row.item).pagingRow(row, in: feed)  // a nil item draws a placeholder
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - row: The row this view shows, from `paginator.rows`.
    ///   - paginator: The paginator to report to.
    /// - Returns: The row with `onAppear` and `onDisappear` actions attached.
    /// - Complexity: O(1) per appearance of an item; O(*p*) for a placeholder, for the *p*
    ///   placeholders shown.
    @MainActor
    public func pagingRow<Item, Cursor>(
      _ row: PagingRow<Item>, in paginator: Paginator<Item, Cursor>
    ) -> some View
    where Item: Identifiable & Sendable, Item.ID: Sendable, Cursor: Hashable & Sendable {
      modifier(
        PagingRowSignals(
          appeared: { paginator.rowAppeared(row) },
          disappeared: { paginator.rowDisappeared(row) }))
    }
  }

  /// A row's `onAppear` and `onDisappear`, unless the list reports its visible rows itself
  /// (``SwiftUI/View/pagingVisibleRows(_:threshold:)`` on iOS 18 and later): then the row
  /// adds nothing, and the engine gets each signal once.
  struct PagingRowSignals: ViewModifier {
    let appeared: @MainActor () -> Void
    let disappeared: @MainActor () -> Void
    @Environment(\.pagingRowSignal) private var signal

    func body(content: Content) -> some View {
      if signal == .scrollTargetVisibility {
        content
      } else {
        content.onAppear { appeared() }.onDisappear { disappeared() }
      }
    }
  }
#endif
