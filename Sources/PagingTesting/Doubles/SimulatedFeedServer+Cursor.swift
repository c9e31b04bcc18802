extension SimulatedFeedServer {
  /// A cursor of the simulated server: where a page starts (or, read backwards, ends).
  ///
  /// Real cursors are opaque tokens; this one is transparent so that tests and logs can read
  /// it, but clients should treat it as opaque.
  public struct Cursor: Hashable, Sendable, CustomStringConvertible {
    /// Where a page starts.
    package enum Position: Hashable, Sendable {
      /// At the first item (only an empty first page hands this back).
      case start
      /// After the item with this id (keyset paging).
      case after(Item.ID)
      /// After this many items (offset paging).
      case offset(Int)
      /// The newest page: the last ``SimulatedFeedServer/pageSize`` items in server order,
      /// where a chat opens. Its page gives a ``before(_:)`` previous cursor.
      case newest
      /// The page that ends just before the item with this id (keyset paging towards the
      /// start: a chat's older messages). Its page gives a previous cursor too.
      case before(Item.ID)
    }

    /// The cursor of the newest page, where a chat opens: the last page in server order.
    public static var newest: Cursor { Cursor(position: .newest) }

    /// Whether the page at this cursor is read backwards from its position (``Position/newest``
    /// and ``Position/before(_:)``): such pages give a previous cursor.
    var readsBackwards: Bool {
      switch position {
      case .newest, .before: true
      case .start, .after, .offset: false
      }
    }

    /// Where the page starts.
    package var position: Position
    /// How many empty pages were answered at this position before; keeps the cursor an
    /// empty page hands back distinct from the one it was asked with.
    package var emptyPagesBefore: Int

    /// Creates a cursor.
    /// - Parameters:
    ///   - position: Where the page starts.
    ///   - emptyPagesBefore: Empty pages answered at this position before (default 0).
    package init(position: Position, emptyPagesBefore: Int = 0) {
      self.position = position
      self.emptyPagesBefore = emptyPagesBefore
    }

    /// `after(ID)`, `before(ID)`, `offset(N)`, `newest` or `start`, with `+eN` for empty pages
    /// before.
    public var description: String {
      let base =
        switch position {
        case .start: "start"
        case .after(let id): "after(\(id))"
        case .offset(let offset): "offset(\(offset))"
        case .newest: "newest"
        case .before(let id): "before(\(id))"
        }
      return emptyPagesBefore == 0 ? base : "\(base)+e\(emptyPagesBefore)"
    }
  }
}
