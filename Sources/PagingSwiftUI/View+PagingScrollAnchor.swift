#if canImport(SwiftUI)
  import Paging
  import SwiftUI

  extension View {
    /// Keeps the row the user was reading where it is when rows are put above it: binds the
    /// scroll view's position (`scrollPosition(id:anchor:)`, iOS 17, macOS 14) to
    /// `Paginator.scrollAnchor`.
    ///
    /// After a prepend the paginator names the row that was at the top before older rows were
    /// inserted above it, and after a refresh the same row when it is still loaded. Each time
    /// that value changes, the modifier scrolls that row to the top of the viewport, so the
    /// content does not jump by the height of the new rows. Between changes, the scroll view
    /// writes the top row into the binding as the user scrolls, as SwiftUI documents.
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
          if let anchor { position = anchor }
        }
    }
  }
#endif
