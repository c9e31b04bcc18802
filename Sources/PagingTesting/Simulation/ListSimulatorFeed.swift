/// A feed a ``ListSimulator`` shows: a ``PaginatorFeed`` (what `ListSimulator(feed:)` makes
/// of a `Paginator`) or a view model that wraps a paginator (``PaginatorBackedFeed``).
@MainActor
public protocol ListSimulatorFeed: AnyObject {
  /// The rows' item type.
  associatedtype Item: Identifiable & Sendable where Item.ID: Sendable
}
