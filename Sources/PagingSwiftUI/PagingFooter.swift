#if canImport(SwiftUI)
  import Paging
  import SwiftUI

  /// The last row of a paginated list, drawn from `Paginator.appendState`: a spinner while the
  /// next page loads, the error with a Retry button after a failure, a short line once the end
  /// is reached, and nothing while idle.
  ///
  /// After a failure the button calls `Paginator.retry()`, which re-requests the same cursor.
  /// When a retry cannot help (the server repeated a cursor, or the source's error says it is
  /// not retryable) the button offers a refresh instead.
  ///
  /// The footer is not a page trigger: it starts nothing when it appears. Rows do, through
  /// `pagingRow(_:in:)`, so the footer being removed and inserted again on every load cycle is
  /// harmless.
  ///
  /// ```swift
  /// List {
  ///   ForEach(feed.items) { post in PostRow(post).pagingRow(post, in: feed) }
  ///   PagingFooter(feed)
  /// }
  /// ```
  @MainActor
  public struct PagingFooter<Item: Identifiable & Sendable, Cursor: Hashable & Sendable>: View
  where Item.ID: Sendable {
    private let paginator: Paginator<Item, Cursor>

    /// Creates a footer for a paginator's append direction.
    /// - Parameter paginator: The paginator whose append state the footer shows.
    public init(_ paginator: Paginator<Item, Cursor>) {
      self.paginator = paginator
    }

    /// The spinner, the error with its button, the end line, or nothing.
    public var body: some View {
      EdgeStateView(paginator: paginator, direction: .append, endText: "No more items")
    }
  }
#endif
