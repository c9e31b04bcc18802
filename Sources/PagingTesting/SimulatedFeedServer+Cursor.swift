extension SimulatedFeedServer {
  /// A cursor of the simulated server: where the next page starts.
  ///
  /// Real cursors are opaque tokens; this one is transparent so that tests and logs can read
  /// it, but clients should treat it as opaque.
  public struct Cursor: Hashable, Sendable, CustomStringConvertible {
    /// Where a page starts.
    public enum Position: Hashable, Sendable {
      /// At the first item (only an empty first page hands this back).
      case start
      /// After the item with this id (keyset paging).
      case after(Item.ID)
      /// After this many items (offset paging).
      case offset(Int)
    }

    /// Where the page starts.
    public var position: Position
    /// How many empty pages were answered at this position before; keeps the cursor an
    /// empty page hands back distinct from the one it was asked with.
    public var emptyPagesBefore: Int

    /// Creates a cursor.
    /// - Parameters:
    ///   - position: Where the page starts.
    ///   - emptyPagesBefore: Empty pages answered at this position before (default 0).
    public init(position: Position, emptyPagesBefore: Int = 0) {
      self.position = position
      self.emptyPagesBefore = emptyPagesBefore
    }

    /// `after(ID)`, `offset(N)` or `start`, with `+eN` for empty pages before.
    public var description: String {
      let base =
        switch position {
        case .start: "start"
        case .after(let id): "after(\(id))"
        case .offset(let offset): "offset(\(offset))"
        }
      return emptyPagesBefore == 0 ? base : "\(base)+e\(emptyPagesBefore)"
    }
  }
}
