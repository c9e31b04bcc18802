// Local edits in the store: an item replaced, removed or put in, inside the chunk of its row
// (rulebook R23), so that an edit costs O(chunk), not O(n).

extension ItemStore {
  /// Replaces the item with `item`'s id by `item`, in place.
  /// - Parameter item: The new value.
  /// - Returns: Whether an item with that id was present (if not, nothing changes).
  /// - Complexity: O(1) on average; with a copy of ``items`` alive, the copy of one chunk and
  ///   its group (see ``ItemSnapshot``).
  @discardableResult
  package mutating func replace(_ item: Item) -> Bool {
    guard let place = find(item.id).place else { return false }
    snapshot[chunk: place.chunk, place.index] = item
    return true
  }

  /// Removes the item with `id`; its chunk stays, with one item fewer.
  /// - Parameter id: An item id.
  /// - Returns: The position the item had, or `nil` when no item has that id.
  /// - Complexity: O(items in its chunk + chunk groups) on average; with a copy of ``items``
  ///   alive, the copy of that chunk and its group.
  @discardableResult
  package mutating func remove(id: Item.ID) -> Int? {
    let found = find(id)
    guard let place = found.place else { return nil }
    let position = snapshot.startPosition(ofChunk: place.chunk) &+ place.index
    snapshot.remove(inChunk: place.chunk, at: place.index)
    table.remove(found.bucket)
    return position
  }

  /// Puts `item`, whose id must be new, at `position`: into the chunk of the item now at
  /// `position` (the row after it), or at the end of the last chunk when `position` is the
  /// count, so that it joins the page of the row after it, the last page at the end (R26).
  /// - Parameters:
  ///   - item: An item whose id is not in the store.
  ///   - position: A position in `0 ... count`.
  /// - Complexity: as ``remove(id:)``, plus the index's growth.
  package mutating func insert(_ item: Item, at position: Int) {
    guard !snapshot.isEmpty || snapshot.endChunk > snapshot.firstChunk else {
      append(contentsOf: CollectionOfOne(item), policy: .keepFirst)
      return
    }
    var found = find(item.id)
    guard found.place == nil else { return }
    // A tombstone on the id's way takes it without growing the table (a move, or an insert
    // after a remove, never rebuilds the index).
    if table.content(of: found.bucket) != PositionTable.tombstone {
      reserve(snapshot.count &+ 1)
      found = find(item.id)
    }
    let place: Place
    if position < snapshot.count {
      place = snapshot.location(of: position)
    } else {
      let last = snapshot.endChunk &- 1
      place = (last, snapshot.items(ofChunk: last).count)
    }
    snapshot.insert(item, inChunk: place.chunk, at: place.index)
    table.store(
      place.chunk, hint: PositionTable.hint(forIndex: place.index),
      fingerprint: found.fingerprint, in: found.bucket)
  }

  /// Moves the last `count` items before `chunk` to its start, in their order (rows an edit
  /// put at the end join the page that a later commit brings after them, R26).
  /// - Parameters:
  ///   - count: Items to move, at most the items before `chunk`.
  ///   - chunk: A handle in `firstChunk ..< endChunk`.
  /// - Complexity: O(`count` × items in the chunks they leave and join).
  package mutating func moveTrailingItems(_ count: Int, intoChunk chunk: Int) {
    for _ in 0..<count {
      let from = snapshot.location(of: snapshot.startPosition(ofChunk: chunk) &- 1)
      // Found while it is still in its chunk: the bucket is its own, not another id's with
      // the same fingerprint.
      let found = find(snapshot[chunk: from.chunk, from.index].id)
      let item = snapshot.remove(inChunk: from.chunk, at: from.index)
      snapshot.insert(item, inChunk: chunk, at: 0)
      table.repoint(found.bucket, to: chunk, hint: 0)
    }
  }

  /// Adds an empty chunk after the last one (or, `atFront`, before the first): the chunk of a
  /// page that brought no new item, which rows an edit puts at its end join.
  /// - Complexity: O(1), amortised.
  @inlinable package mutating func pushEmptyChunk(atFront: Bool) {
    reserve(snapshot.count, handles: atFront ? snapshot.firstChunk &- 1 : snapshot.endChunk)
    if atFront {
      snapshot.front.push(chunk: EmptyCollection())
    } else {
      snapshot.back.push(chunk: EmptyCollection())
    }
  }
}
