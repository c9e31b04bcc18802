// Dropping whole chunks at either end of the store, for the memory cap (rulebook R26) and a
// walk's memory (R29).

extension ItemStore {
  /// Removes the first `chunks` chunks and their items (a page dropped at the top of the
  /// window); the chunks kept keep their items and their order, and take handles from 0.
  /// - Parameter chunks: Chunks to remove, in `0 ... endChunk - firstChunk`.
  /// - Complexity: O(*n*) for the *n* items kept: the store is rebuilt from them, so that the
  ///   handles start again at 0 and the index stays as small as the window. A capped window
  ///   holds at most about ``PagingConfiguration``'s `maxSize` items, so a drop costs
  ///   O(`maxSize`).
  package mutating func removeFirstChunks(_ chunks: Int) {
    guard chunks > 0 else { return }
    keepChunks(snapshot.firstChunk + chunks..<snapshot.endChunk)
  }

  /// Removes the last `chunks` chunks and their items (a page dropped at the bottom of the
  /// window), as ``removeFirstChunks(_:)``.
  /// - Parameter chunks: Chunks to remove, in `0 ... endChunk - firstChunk`.
  /// - Complexity: O(*n*) for the *n* items kept.
  package mutating func removeLastChunks(_ chunks: Int) {
    guard chunks > 0 else { return }
    keepChunks(snapshot.firstChunk..<snapshot.endChunk - chunks)
  }

  /// Removes the first `count` items (the shown rows of a page dropped at the top).
  /// - Parameter count: Items to remove, in `0 ... self.count`.
  /// - Complexity: O(*n*) for the *n* items kept, as ``removeFirstChunks(_:)``.
  package mutating func removeFirst(_ count: Int) {
    guard count > 0 else { return }
    replaceAll(with: Array(snapshot.dropFirst(count)), policy: .keepFirst)
  }

  /// Removes the last `count` items (the shown rows of a page dropped at the bottom).
  /// - Parameter count: Items to remove, in `0 ... self.count`.
  /// - Complexity: O(*n*) for the *n* items kept.
  package mutating func removeLast(_ count: Int) {
    guard count > 0 else { return }
    replaceAll(with: Array(snapshot.dropLast(count)), policy: .keepFirst)
  }

  /// Rebuilds the store from the chunks in `kept`, each as a chunk of its own.
  private mutating func keepChunks(_ kept: Range<Int>) {
    let old = snapshot
    // The index keeps its room (``PositionTable/reset(capacity:codes:)``): a window that drops
    // pages grows back by as many, and each page would otherwise rebuild it as it grows
    // again, O(window) a page.
    let room = table
    self = ItemStore()
    table = room
    table.reset(
      capacity: kept.reduce(0) { $0 + old.items(ofChunk: $1).count },
      codes: PositionTable.encode(kept.count) &+ 1)
    for handle in kept { appendChunk(old.items(ofChunk: handle)) }
  }

  /// Adds `items`, whose ids are new, after the last item as one chunk, whatever their number.
  private mutating func appendChunk(_ items: [Item]) {
    let handle = snapshot.endChunk
    reserve(snapshot.count + items.count, handles: handle)
    snapshot.back.push(chunk: items)
    indexChunk(items, as: handle)
  }

  /// Replaces every item with `pages`, each page's new items in chunks of their own (one
  /// empty chunk for a page with none), ids repeated across pages or within one dropped after
  /// the first (a refresh that re-fetched several pages, or a restored snapshot).
  /// - Parameter pages: The pages' items, in list order.
  /// - Returns: How many chunks each page took, in order.
  /// - Complexity: O(*n*) for *n* items.
  package mutating func replaceAll(withPages pages: [[Item]]) -> [Int] {
    self = ItemStore()
    return pages.map { addPage($0, atFront: false, policy: .keepFirst).chunks }
  }

  /// Adds a page's items whose ids are new after the last item (or, `atFront`, before the
  /// first), in chunks of their own; a page with no new item takes one empty chunk, so that
  /// every page owns a chunk (rows an edit puts at its end join it, R26).
  /// - Parameters:
  ///   - items: The page's items, in order.
  ///   - atFront: Whether the page goes before the first item.
  ///   - policy: What to do with an id already present.
  /// - Returns: The chunks the page took (at least 1) and what the insertion did.
  /// - Complexity: as ``append(contentsOf:policy:)``.
  @inlinable package mutating func addPage<S: Sequence>(
    _ items: S, atFront: Bool, policy: DuplicatePolicy
  ) -> (chunks: Int, result: InsertionResult) where S.Element == Item {
    let before = snapshot.endChunk &- snapshot.firstChunk
    let result = insert(contentsOf: items, atFront: atFront, policy: policy)
    if result.inserted == 0 { pushEmptyChunk(atFront: atFront) }
    return (snapshot.endChunk &- snapshot.firstChunk &- before, result)
  }
}
