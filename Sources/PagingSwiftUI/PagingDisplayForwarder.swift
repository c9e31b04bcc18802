#if canImport(UIKit) && !os(watchOS)
  import Foundation
  import Paging
  import UIKit

  /// Forwards a `UICollectionView`'s or `UITableView`'s display and prefetch callbacks to a
  /// paginator, by position: the item at `indexPath[1]` of ``section`` is `paginator.items[i]`.
  ///
  /// Call ``willDisplay(at:)`` and ``didEndDisplaying(at:)`` from your delegate, and set the
  /// forwarder as the view's `prefetchDataSource` (which holds it weakly: keep a strong
  /// reference, for example in the view controller):
  ///
  /// ```swift
  /// let feed = Paginator(source: PostsSource())
  /// lazy var forwarder = PagingDisplayForwarder(feed)
  ///
  /// override func viewDidLoad() {
  ///   super.viewDidLoad()
  ///   collectionView.prefetchDataSource = forwarder
  ///   Task { await feed.start() }
  /// }
  ///
  /// func collectionView(
  ///   _ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell,
  ///   forItemAt indexPath: IndexPath
  /// ) {
  ///   forwarder.willDisplay(at: indexPath)
  /// }
  ///
  /// func collectionView(
  ///   _ collectionView: UICollectionView, didEndDisplaying cell: UICollectionViewCell,
  ///   forItemAt indexPath: IndexPath
  /// ) {
  ///   forwarder.didEndDisplaying(at: indexPath)
  /// }
  /// ```
  ///
  /// Reload the view when `paginator.items` changes (for example with `withObservationTracking`
  /// or a diffable data source); the forwarder only reports, it never loads by itself. Index
  /// paths of other sections, malformed index paths and positions beyond the loaded items are
  /// ignored.
  ///
  /// For a list that prepends (a chat reading older messages), apply each change through
  /// `applyKeepingPosition(in:_:)` so the rows on screen stay where
  /// they are when older rows are inserted above them:
  ///
  /// ```swift
  /// forwarder.applyKeepingPosition(in: collectionView) {
  ///   dataSource.apply(snapshot(of: feed.items), animatingDifferences: false)
  /// }
  /// ```
  @MainActor
  public final class PagingDisplayForwarder: NSObject, UICollectionViewDataSourcePrefetching,
    UITableViewDataSourcePrefetching
  {
    /// The section whose rows are the paginator's items, in order.
    public let section: Int
    private let appeared: @MainActor (Int) -> Void
    private let disappeared: @MainActor (Int) -> Void
    /// The id of the paginator's first item now.
    private let firstID: @MainActor () -> AnyHashable?
    /// The position of an item id in the paginator's items now.
    private let positionOfID: @MainActor (AnyHashable) -> Int?
    /// The id of the first row as of the last `applyKeepingPosition(in:_:)`.
    private var appliedFirstID: AnyHashable?

    /// Creates a forwarder to a paginator.
    /// - Parameters:
    ///   - paginator: The paginator that receives the signals.
    ///   - section: The section that shows the paginator's items (default 0).
    public init<Item, Cursor>(_ paginator: Paginator<Item, Cursor>, section: Int = 0)
    where Item: Identifiable & Sendable, Item.ID: Sendable, Cursor: Hashable & Sendable {
      self.section = section
      appeared = { paginator.rowAppeared(at: $0) }
      disappeared = { paginator.rowDisappeared(at: $0) }
      firstID = { paginator.items.first.map { AnyHashable($0.id) } }
      positionOfID = { id in (id.base as? Item.ID).flatMap { paginator.position(of: $0) } }
      super.init()
    }

    /// Creates a forwarder to a paginator whose list shows `paginator.rows`, a counted list's
    /// placeholders included (Paging's rulebook R31): the row at `indexPath[1]` is
    /// `paginator.rows[i]`, and a placeholder displayed loads the edge it lies beyond, or, far
    /// from the loaded rows, the page around it in one request. Scroll to a far row by its
    /// position in `rows` (`scrollToItem(at:)`); a placeholder's position is its id's.
    /// - Parameters:
    ///   - paginator: The paginator that receives the signals.
    ///   - section: The section that shows the paginator's rows (default 0).
    public init<Item, Cursor>(rowsOf paginator: Paginator<Item, Cursor>, section: Int = 0)
    where Item: Identifiable & Sendable, Item.ID: Sendable, Cursor: Hashable & Sendable {
      self.section = section
      appeared = { position in
        let rows = paginator.rows
        if position >= 0, position < rows.count { paginator.rowAppeared(rows[position]) }
      }
      disappeared = { position in
        let rows = paginator.rows
        if position >= 0, position < rows.count { paginator.rowDisappeared(rows[position]) }
      }
      firstID = { paginator.rows.first.map { AnyHashable($0.id) } }
      positionOfID = { id in
        let rows = paginator.rows
        switch id.base as? PagingRowID<Item.ID> {
        case .item(let id)?: return paginator.position(of: id).map { $0 + rows.placeholdersBefore }
        case let placeholder?: return rows.position(of: placeholder)
        case nil: return nil
        }
      }
      super.init()
    }

    /// Reports that the cell at `indexPath` is about to be shown. Call it from
    /// `collectionView(_:willDisplay:forItemAt:)` or `tableView(_:willDisplay:forRowAt:)`.
    /// - Parameter indexPath: The cell's index path.
    /// - Complexity: O(1).
    public func willDisplay(at indexPath: IndexPath) {
      if let position = position(of: indexPath) { appeared(position) }
    }

    /// Reports that the cell at `indexPath` is no longer shown. Call it from
    /// `collectionView(_:didEndDisplaying:forItemAt:)` or
    /// `tableView(_:didEndDisplaying:forRowAt:)`.
    /// - Parameter indexPath: The cell's index path.
    /// - Complexity: O(1).
    public func didEndDisplaying(at indexPath: IndexPath) {
      if let position = position(of: indexPath) { disappeared(position) }
    }

    /// Reports cells the view expects to show soon. Each one counts as a row seen for an
    /// instant (an appearance followed by a disappearance), so a prefetch near the end can
    /// start the next page early without the row being remembered as visible.
    /// - Parameter indexPaths: The index paths the view will probably show.
    /// - Complexity: O(*k*) for *k* index paths.
    public func prefetch(at indexPaths: [IndexPath]) {
      for indexPath in indexPaths {
        guard let position = position(of: indexPath) else { continue }
        appeared(position)
        disappeared(position)
      }
    }

    /// `UICollectionViewDataSourcePrefetching`: forwards to ``prefetch(at:)``.
    /// - Parameters:
    ///   - collectionView: The collection view asking.
    ///   - indexPaths: The index paths it will probably show.
    public func collectionView(
      _ collectionView: UICollectionView, prefetchItemsAt indexPaths: [IndexPath]
    ) {
      prefetch(at: indexPaths)
    }

    /// `UITableViewDataSourcePrefetching`: forwards to ``prefetch(at:)``.
    /// - Parameters:
    ///   - tableView: The table view asking.
    ///   - indexPaths: The index paths it will probably show.
    public func tableView(_ tableView: UITableView, prefetchRowsAt indexPaths: [IndexPath]) {
      prefetch(at: indexPaths)
    }

    /// Applies a change of the rows with `update` and keeps the rows that were on screen where
    /// they are when rows were inserted above them (a prepend).
    ///
    /// How: the forwarder remembers the first item as of the previous apply. After `update`,
    /// that item's new position *k* is the number of rows inserted above it; the view lays out
    /// and the content offset moves down by the height of those *k* rows (the distance between
    /// the tops of rows 0 and *k*), which puts every old row, the paginator's `scrollAnchor`
    /// among them, back where it was. Nothing moves when no row was inserted above (an append,
    /// the first page) or when the old first item is gone (a refresh that replaced the rows).
    ///
    /// `update` must apply the rows synchronously (`reloadData()`, or a diffable data source's
    /// `apply(_:animatingDifferences: false)`). With self-sizing cells the inserted rows'
    /// heights are the layout's estimates until they are shown, so the rows may shift by the
    /// estimate's error.
    /// - Parameters:
    ///   - collectionView: The collection view that shows the paginator's items in ``section``.
    ///   - update: Applies the paginator's current items to the collection view.
    /// - Complexity: O(1) besides `update` and the layout pass.
    public func applyKeepingPosition(in collectionView: UICollectionView, _ update: () -> Void) {
      applyKeepingPosition(in: collectionView, update) {
        collectionView.layoutAttributesForItem(at: $0)?.frame
      }
    }

    /// Applies a change of the rows with `update` and keeps the rows that were on screen where
    /// they are when rows were inserted above them; see
    /// `applyKeepingPosition(in:_:)`.
    /// - Parameters:
    ///   - tableView: The table view that shows the paginator's items in ``section``.
    ///   - update: Applies the paginator's current items to the table view.
    /// - Complexity: O(1) besides `update` and the layout pass.
    public func applyKeepingPosition(in tableView: UITableView, _ update: () -> Void) {
      applyKeepingPosition(in: tableView, update) { tableView.rectForRow(at: $0) }
    }

    private func applyKeepingPosition(
      in scrollView: UIScrollView, _ update: () -> Void, frame: (IndexPath) -> CGRect?
    ) {
      let previousFirst = appliedFirstID
      update()
      appliedFirstID = firstID()
      guard let previousFirst, let inserted = positionOfID(previousFirst), inserted > 0 else {
        return
      }
      scrollView.layoutIfNeeded()
      guard let top = frame(IndexPath(indexes: [section, 0])),
        let previousTop = frame(IndexPath(indexes: [section, inserted]))
      else { return }
      scrollView.contentOffset.y += previousTop.minY - top.minY
    }

    private func position(of indexPath: IndexPath) -> Int? {
      guard indexPath.count == 2, indexPath[0] == section else { return nil }
      return indexPath[1]
    }
  }
#endif
