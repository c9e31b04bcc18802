#if canImport(SwiftUI)
  import Paging
  import SwiftUI

  extension View {
    /// Keeps the row the user was reading where it is when rows are put above it: gives the
    /// scroll view a position (`scrollPosition(id:anchor:)`, iOS 17, macOS 14) that
    /// `Paginator.scrollAnchor` seeds until SwiftUI tracks it.
    ///
    /// The scroll view writes the top row into the binding as the user scrolls, and keeps that
    /// row in place when rows are inserted above it, as SwiftUI documents. Until the user has
    /// scrolled (the binding is still `nil`, as in a chat that opened at the bottom), the
    /// paginator's anchor fills it: after a prepend the row that was at the top before older
    /// rows were put above it, after a refresh the same row when it is still loaded. The
    /// position SwiftUI tracks wins over the engine's, which only knows the rows' signals (a
    /// `LazyVStack` without `onDisappear` leaves it a row that has scrolled away).
    ///
    /// Apply it to a `ScrollView` whose lazy stack has `scrollTargetLayout()`, and whose rows
    /// are identified by the items' ids (a `ForEach` over `paginator.items`):
    ///
    /// ```swift
    /// ScrollView {
    ///   LazyVStack {
    ///     PagingHeader(chat)
    ///     ForEach(chat.items) { message in
    ///       MessageRow(message).pagingRow(message, in: chat)
    ///     }
    ///   }
    ///   .scrollTargetLayout()
    /// }
    /// .defaultScrollAnchor(.bottom)
    /// .pagingScrollAnchor(chat)
    /// ```
    ///
    /// ``PaginatedChat`` does all of this.
    ///
    /// - Parameter paginator: The paginator whose scroll anchor to follow.
    /// - Returns: A view whose scroll position follows `paginator.scrollAnchor`.
    @MainActor
    public func pagingScrollAnchor<Item, Cursor>(_ paginator: Paginator<Item, Cursor>) -> some View
    where Item: Identifiable & Sendable, Item.ID: Sendable, Cursor: Hashable & Sendable {
      modifier(PagingScrollAnchor(paginator: paginator))
    }
  }

  /// The state behind `pagingScrollAnchor(_:)`: the scroll position SwiftUI
  /// reads and writes, set to the paginator's anchor whenever that changes.
  @MainActor
  struct PagingScrollAnchor<Item: Identifiable & Sendable, Cursor: Hashable & Sendable>:
    ViewModifier
  where Item.ID: Sendable {
    let paginator: Paginator<Item, Cursor>
    @State private var position: Item.ID?

    func body(content: Content) -> some View {
      content
        .scrollPosition(id: $position, anchor: .top)
        .onChange(of: paginator.scrollAnchor) { _, anchor in
          if position == nil, let anchor { position = anchor }
        }
    }
  }
#endif
