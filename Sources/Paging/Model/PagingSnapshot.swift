import Foundation

/// A `Codable` copy of a paginator's window, to show the list again at once after a relaunch:
/// the loaded pages with the cursor that loaded each, both edges' chains, the scroll anchor,
/// and what identifies the list (its item and cursor types and its initial cursor). Loads in
/// flight, retries and failures are not kept: a restored paginator revalidates instead.
///
/// Keep it in a file in the caches folder: it is derived data the system may purge, and a
/// missing or unreadable file only means the list starts empty.
///
/// ```swift
/// let url = URL.cachesDirectory.appending(path: "feed.snapshot.json")
/// try feed.snapshot().encoded().write(to: url, options: .atomic)   // when the app leaves
/// // At launch: the saved rows at once, then a refresh by the configuration's policy.
/// let (feed, error) = Paginator.restoring(
///   (try? Data(contentsOf: url)) ?? Data(), source: PostsSource(), configuration: configuration)
/// ```
///
/// Rulebook R28.
public struct PagingSnapshot<Item, Cursor>: Sendable, Codable
where
  Item: Identifiable & Sendable & Codable, Item.ID: Sendable & Codable,
  Cursor: Hashable & Sendable & Codable
{
  /// One loaded page.
  package struct Page: Sendable, Codable {
    /// The cursor that loaded it (`nil`: the source's first page).
    package var cursor: Cursor?
    /// Its items in the window, in order.
    package var items: [Item]
    /// Its previous cursor, as the source returned it.
    package var previousCursor: Cursor?
    /// Its next cursor, as the source returned it.
    package var nextCursor: Cursor?
    /// The rows before it, as the source counted them (absent for an uncounted page, and in
    /// snapshots written before counts: they read as uncounted).
    package var itemsBefore: Int?
    /// The rows after it, as the source counted them (as ``itemsBefore``).
    package var itemsAfter: Int?
  }

  /// An edge's chain.
  enum Chain: Sendable, Codable, Equatable {
    case unknown, end, firstPage
    case more(Cursor)
  }

  /// The format version this type writes; it reads this one and the ones before it.
  /// Format 2 added ``refreshRow``, format 3 ``query``.
  static var currentFormat: Int { PagingSnapshotFormat.current }

  var format: Int
  var types: String
  var initialCursor: Cursor?
  var origin: Cursor?
  /// The pages, in list order.
  package internal(set) var pages: [Page]
  var prepend: Chain
  var append: Chain
  var beyondFirst: [Chain]
  var beyondLast: [Chain]
  /// The row that stays where it was on screen.
  package internal(set) var anchor: Item.ID?
  /// The row whose page the restored list's refresh around the anchor reloads (R27): the top
  /// visible row that came from the server, which is not ``anchor`` when the top visible row
  /// was inserted by an edit. `nil` in a snapshot of format 1: then ``anchor`` is used.
  var refreshRow: Item.ID?
  /// The list's query (``Paginator/setQuery(_:transition:)``), which the restored list's
  /// requests carry; `nil` for a list without one, and in a snapshot of format 1 or 2.
  var query: SavedQuery?
  /// Whether the rows are a previous query's, shown while the current query's first page has
  /// not committed (``QueryTransition/keepPrevious``): their pages and cursors belong to that
  /// query, so the restored list, as the live one, loads no edge from them and refreshes from
  /// the origin (R24, R28). `nil` (false) otherwise, and in a snapshot of format 1 or 2.
  var showsPreviousQuery: Bool?
  /// In a counted list whose source jumps: the position in the source's list of the top row or
  /// placeholder on screen, where the restored list's refresh keeps the place (R31, Paging 3's
  /// `anchorPosition`); `nil` otherwise, and in snapshots written before it.
  var position: Int?

  init(
    format: Int, types: String, initialCursor: Cursor?, origin: Cursor?, pages: [Page],
    prepend: Chain, append: Chain, beyondFirst: [Chain], beyondLast: [Chain], anchor: Item.ID?,
    refreshRow: Item.ID? = nil, query: SavedQuery? = nil, showsPreviousQuery: Bool? = nil,
    position: Int? = nil
  ) {
    self.format = format
    self.types = types
    self.initialCursor = initialCursor
    self.origin = origin
    self.pages = pages
    self.prepend = prepend
    self.append = append
    self.beyondFirst = beyondFirst
    self.beyondLast = beyondLast
    self.anchor = anchor
    self.refreshRow = refreshRow
    self.query = query
    self.showsPreviousQuery = showsPreviousQuery
    self.position = position
  }

  /// The item and cursor type names a snapshot of this type carries (for tests).
  package static var typeNamesForTests: String { typeNames }

  /// The item and cursor type names a snapshot of this type carries.
  static var typeNames: String {
    "\(String(reflecting: Item.self)), \(String(reflecting: Cursor.self))"
  }

  /// The snapshot as JSON.
  /// - Throws: What `JSONEncoder` throws for the items or cursors.
  /// - Complexity: O(*n*) for *n* items.
  public func encoded() throws -> Data { try JSONEncoder().encode(self) }

  /// Reads a snapshot written by ``encoded()`` (of this format or an older one), checking its
  /// version and its types.
  /// - Parameter data: The JSON.
  /// - Throws: ``PagingSnapshotError`` when `data` is not a snapshot of this type that this
  ///   version can read.
  /// - Complexity: O(*n*) for *n* items.
  package init(decoding data: Data) throws(PagingSnapshotError) {
    guard let header = try? JSONDecoder().decode(PagingSnapshotHeader.self, from: data) else {
      throw .unreadable
    }
    guard (1...Self.currentFormat).contains(header.format) else {
      throw .unsupportedFormat(header.format)
    }
    guard header.types == Self.typeNames else {
      throw .otherTypes(expected: Self.typeNames, found: header.types)
    }
    guard let snapshot = try? JSONDecoder().decode(Self.self, from: data) else {
      throw .unreadable
    }
    // A previous query's rows are shown with both edges reset: nothing is known beyond them.
    if !snapshot.pages.isEmpty, snapshot.showsPreviousQuery != true,
      snapshot.prepend == .unknown || snapshot.append == .unknown
    {
      throw .inconsistent
    }
    // The list the pages count must have a length an `Int` holds (R31): a file written by
    // anything else could say more, and every position is a sum over that length.
    let before = snapshot.pages.first?.itemsBefore.map { max(0, $0) } ?? 0
    let after = snapshot.pages.last?.itemsAfter.map { max(0, $0) } ?? 0
    guard Int.sumFits([before, after] + snapshot.pages.map(\.items.count)) else {
      throw .inconsistent
    }
    self = snapshot
  }
}

extension PagingSnapshot.Chain {
  init(_ chain: PageChain<Cursor>) {
    switch chain {
    case .unknown: self = .unknown
    case .end: self = .end
    case .firstPage: self = .firstPage
    case .more(let cursor): self = .more(cursor)
    }
  }

  var chain: PageChain<Cursor> {
    switch self {
    case .unknown: .unknown
    case .end: .end
    case .firstPage: .firstPage
    case .more(let cursor): .more(cursor)
    }
  }
}

/// The format the snapshots of every item and cursor type write (a non-generic place for it).
enum PagingSnapshotFormat {
  static var current: Int { 3 }
}

/// The fields read first, to tell another format or other types from a corrupt snapshot.
private struct PagingSnapshotHeader: Decodable {
  var format: Int
  var types: String
}

/// Why a ``PagingSnapshot`` could not be restored. The paginator then starts empty; nothing
/// crashes. The ``description`` says why, for logs: the data does not decode, was written in a
/// format this version cannot read, holds other item or cursor types, belongs to a list
/// opened at another initial cursor, or its pages and chains disagree. Messages name types and
/// versions only, never the snapshot's contents.
///
/// It is a struct, not an enum of those reasons: an app cannot act differently on them (it
/// starts fresh whatever the reason), and a struct can gain reasons without breaking an app's
/// exhaustive `switch`.
public struct PagingSnapshotError: Error, Sendable, Hashable, CustomStringConvertible {
  /// Why a snapshot could not be restored.
  package enum Reason: Sendable, Hashable {
    /// The data is not a snapshot this version can read (corrupt, truncated, or not JSON).
    case unreadable
    /// The snapshot was written in a format version this one cannot read (a newer one).
    case unsupportedFormat(Int)
    /// The snapshot holds other item or cursor types than the paginator's (`found` and
    /// `expected` are the type names, as `"Item, Cursor"`).
    case otherTypes(expected: String, found: String)
    /// The snapshot belongs to a list with another initial cursor.
    case otherList
    /// The snapshot's pages and chains disagree (a page list without chains), or its counts
    /// make a list longer than an `Int` holds.
    case inconsistent
    /// The snapshot's query cannot be read back: its type is not `Codable`, or is no longer
    /// in the app (``SavedQuery``).
    case queryNotRestorable
  }

  /// Why the snapshot could not be restored.
  package let reason: Reason

  /// An error for `reason`.
  /// - Parameter reason: Why the snapshot could not be restored.
  package init(_ reason: Reason) { self.reason = reason }

  /// The data is not a snapshot this version can read.
  package static var unreadable: Self { Self(.unreadable) }
  /// The snapshot was written in format `version`, which this one cannot read.
  /// - Parameter version: The snapshot's format version.
  /// - Returns: The error.
  package static func unsupportedFormat(_ version: Int) -> Self {
    Self(.unsupportedFormat(version))
  }
  /// The snapshot holds other item or cursor types.
  /// - Parameters:
  ///   - expected: The paginator's type names, as `"Item, Cursor"`.
  ///   - found: The snapshot's.
  /// - Returns: The error.
  package static func otherTypes(expected: String, found: String) -> Self {
    Self(.otherTypes(expected: expected, found: found))
  }
  /// The snapshot belongs to a list with another initial cursor.
  package static var otherList: Self { Self(.otherList) }
  /// The snapshot's pages, chains or counts disagree.
  package static var inconsistent: Self { Self(.inconsistent) }
  /// The snapshot's query cannot be read back.
  package static var queryNotRestorable: Self { Self(.queryNotRestorable) }

  /// A sentence for logs.
  public var description: String {
    switch reason {
    case .unreadable: "the list snapshot does not decode"
    case .unsupportedFormat(let version):
      "the list snapshot has format \(version), not 1 to \(PagingSnapshotFormat.current)"
    case .otherTypes(let expected, _):
      // What the snapshot says it holds is the stored data's, which may have been edited:
      // only the paginator's own types are named.
      "the list snapshot holds other item or cursor types than \(expected)"
    case .otherList: "the list snapshot belongs to a list opened at another initial cursor"
    case .inconsistent: "the list snapshot's pages, chains or counts disagree"
    case .queryNotRestorable:
      "the list snapshot's query cannot be read back: its type is not Codable or not in the app"
    }
  }
}

extension PagingSnapshotError: LocalizedError {
  /// The one-line ``description``, so that `localizedDescription` and logging say what
  /// happened rather than Foundation's generic "The operation could not be completed".
  public var errorDescription: String? { description }
}
