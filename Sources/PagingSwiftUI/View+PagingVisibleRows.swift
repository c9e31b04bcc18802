#if canImport(SwiftUI)
  import Paging
  import SwiftUI

  extension View {
    /// Reports the rows this scroll view shows to a paginator through SwiftUI's
    /// `onScrollTargetVisibilityChange(idType:threshold:_:)` on iOS 18, macOS 15, tvOS 18,
    /// watchOS 11 and visionOS 2 and later: the visible set becomes the engine's row signals
    /// (`Paginator.visibleRowsChanged(_:drawnAround:)`), and the rows'
    /// ``pagingRow(_:in:)-(Item,_)`` then add no `onAppear`. Earlier, it does nothing and the rows report by `onAppear`, so the
    /// same code runs on iOS 17. The rules do not change: the engine gets the same signals
    /// either way.
    ///
    /// Apple's guidance for lazy stacks says that prefetching may evaluate a row's body
    /// without calling its `onAppear`, and recommends the visible set to know which rows are
    /// shown. The paginator counts the visible rows and the two loaded rows on each side of
    /// them as shown, as `List` draws two rows beyond the viewport and fires their `onAppear`,
    /// so the prefetch distance (Android Paging 3's meaning) starts the next page as early as
    /// with `onAppear`.
    ///
    /// ```swift
    /// ScrollView {
    ///   LazyVStack {
    ///     ForEach(feed.items) { post in PostRow(post).pagingRow(post, in: feed) }
    ///     PagingFooter(feed)
    ///   }
    ///   .scrollTargetLayout()  // the rows are the scroll targets whose visibility is reported
    /// }
    /// .pagingVisibleRows(feed)
    /// ```
    ///
    /// - Parameters:
    ///   - paginator: The paginator the rows are from; the scroll targets' ids are its items'.
    ///   - threshold: The share of a row, from 0 to 1, that must be visible for it to count
    ///     (default 0: any part, the closest to `onAppear`, which fires before a row shows).
    ///     SwiftUI's own default, 0.5, tells each row half a row later: through it the bench's
    ///     flinger waited 0.57 s at the end over five sessions, against 0.05 s at 0 and with
    ///     `onAppear` (`paging-bench --policies`).
    /// - Returns: The scroll view, reporting its visible rows.
    /// - Complexity: O(*v*) per change of the visible set, for *v* visible rows.
    @MainActor
    public func pagingVisibleRows<Item, Cursor>(
      _ paginator: Paginator<Item, Cursor>, threshold: Double = 0
    ) -> some View
    where Item: Identifiable & Sendable, Item.ID: Sendable, Cursor: Hashable & Sendable {
      modifier(PagingVisibleRows(paginator: paginator, threshold: threshold))
    }
  }

  /// The visible set of a scroll view as the paginator's row signals, on iOS 18 and later.
  struct PagingVisibleRows<Item: Identifiable & Sendable, Cursor: Hashable & Sendable>:
    ViewModifier
  where Item.ID: Sendable {
    let paginator: Paginator<Item, Cursor>
    let threshold: Double

    func body(content: Content) -> some View {
      if #available(iOS 18.0, macOS 15.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) {
        content
          .onScrollTargetVisibilityChange(idType: Item.ID.self, threshold: threshold) { ids in
            paginator.visibleRowsChanged(ids)
          }
          .environment(\.pagingRowSignal, .scrollTargetVisibility)
      } else {
        content
      }
    }
  }

  /// Which signal tells the paginator about rows: each row's `onAppear` (the default), or the
  /// list's visible set (``SwiftUI/View/pagingVisibleRows(_:threshold:)``).
  enum PagingRowSignal: Sendable {
    case appearance, scrollTargetVisibility
  }

  /// The environment entry that tells rows which signal their list uses.
  struct PagingRowSignalKey: EnvironmentKey {
    static let defaultValue = PagingRowSignal.appearance
  }

  extension EnvironmentValues {
    /// Which signal the enclosing list uses for its rows.
    var pagingRowSignal: PagingRowSignal {
      get { self[PagingRowSignalKey.self] }
      set { self[PagingRowSignalKey.self] = newValue }
    }
  }
#endif
