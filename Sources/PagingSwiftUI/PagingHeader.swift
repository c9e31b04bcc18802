#if canImport(SwiftUI)
  import Paging
  import SwiftUI

  /// The first row of a list that grows upwards (a chat reading older messages), drawn from
  /// `Paginator.prependState`: a spinner while the previous page loads, the error with a Retry
  /// button after a failure, a short line once the start is reached, and nothing while idle.
  ///
  /// The header mirrors ``PagingFooter``: it is not a page trigger and starts nothing when it
  /// appears; the rows near the top do, through `pagingRow(_:in:)`. A feed whose pages never
  /// give a previous cursor reaches its start with the first page, so put a header only above
  /// lists that prepend.
  ///
  /// ```swift
  /// LazyVStack {
  ///   PagingHeader(chat)
  ///   ForEach(chat.items) { message in MessageRow(message).pagingRow(message, in: chat) }
  /// }
  /// ```
  @MainActor
  public struct PagingHeader<Item: Identifiable & Sendable, Cursor: Hashable & Sendable>: View
  where Item.ID: Sendable {
    private let paginator: Paginator<Item, Cursor>

    /// Creates a header for a paginator's prepend direction.
    /// - Parameter paginator: The paginator whose prepend state the header shows.
    public init(_ paginator: Paginator<Item, Cursor>) {
      self.paginator = paginator
    }

    /// The spinner, the error with its button, the start line, or nothing.
    public var body: some View {
      EdgeStateView(paginator: paginator, direction: .prepend, endText: "No earlier items")
    }
  }
#endif
