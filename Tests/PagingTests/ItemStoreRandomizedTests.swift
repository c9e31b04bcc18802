import Paging
import PagingTestSupport
import Testing

/// The window's store under random pages and edits, against a model that keeps the same chunks
/// as plain arrays: pages at both ends (with repeated ids, under both duplicate policies), edits
/// in the middle and at the chunks' edges, rows moved into a later page, chunks dropped at
/// either end, and lookups from any hint, with a copy of the items held throughout.
@Suite(.timeLimit(.minutes(minuteLimit))) struct ItemStoreRandomizedTests {
  /// A row with a payload, to tell a replaced item from the one it replaced.
  struct VersionedRow: Identifiable, Sendable, Hashable {
    let id: Int
    var version = 0
  }

  /// The store's chunks, in list order, as arrays.
  struct Model {
    var chunks: [[VersionedRow]] = []
    var rows: [VersionedRow] { chunks.flatMap { $0 } }

    /// Adds a page's new rows in chunks of at most 64, as a commit does (`policy` for repeats).
    mutating func add(_ page: [VersionedRow], atFront: Bool, replacing: Bool) {
      var fresh: [VersionedRow] = []
      for row in page {
        if let index = fresh.firstIndex(where: { $0.id == row.id }) {
          if replacing { fresh[index] = row }
        } else if let chunk = chunks.firstIndex(where: { $0.contains { $0.id == row.id } }) {
          if replacing, let index = chunks[chunk].firstIndex(where: { $0.id == row.id }) {
            chunks[chunk][index] = row
          }
        } else {
          fresh.append(row)
        }
      }
      // A page with no new row takes one empty chunk.
      let added =
        fresh.isEmpty
        ? [[]]
        : stride(from: 0, to: fresh.count, by: 64).map {
          Array(fresh[$0..<min(fresh.count, $0 + 64)])
        }
      chunks = atFront ? added + chunks : chunks + added
    }

    /// The chunk and index of the row at `position`, or the end of the last chunk.
    func place(of position: Int) -> (chunk: Int, index: Int) {
      var start = 0
      for (chunk, rows) in chunks.enumerated() {
        if position < start + rows.count { return (chunk, position - start) }
        start += rows.count
      }
      return (chunks.count - 1, chunks[chunks.count - 1].count)
    }
  }

  @Test(arguments: 0..<4)
  func randomPagesAndEditsKeepTheStoreAsItsModel(seed: Int) {
    var random = SeededRandom(seed: UInt64(seed))
    var store = ItemStore<VersionedRow>()
    var model = Model()
    var held = store.items
    var heldRows = model.rows
    var hint = ItemPlace.none
    var nextID = 0
    for step in 0..<300 {
      let roll = random.next(upperBound: 100)
      let count = store.count
      switch roll {
      case 0..<30:
        // A page of new rows and repeats, at either end.
        let size = Int(random.next(upperBound: 150))
        var page: [VersionedRow] = []
        for _ in 0..<size {
          if count > 0, random.next(upperBound: 5) == 0 {
            page.append(
              VersionedRow(
                id: model.rows[Int(random.next(upperBound: UInt64(count)))].id, version: step))
          } else {
            page.append(VersionedRow(id: nextID, version: step))
            nextID += 1
          }
        }
        let atFront = random.next(upperBound: 2) == 0
        let replacing = random.next(upperBound: 2) == 0
        let policy: DuplicatePolicy = replacing ? .replace : .keepFirst
        _ = store.addPage(page, atFront: atFront, policy: policy)
        model.add(page, atFront: atFront, replacing: replacing)
      case 30..<50 where count > 0:
        let id = model.rows[Int(random.next(upperBound: UInt64(count)))].id
        let removed = store.remove(id: id)
        #expect(removed != nil)
        for chunk in model.chunks.indices { model.chunks[chunk].removeAll { $0.id == id } }
      case 50..<65 where !model.chunks.isEmpty:
        let position = Int(random.next(upperBound: UInt64(count + 1)))
        let row = VersionedRow(id: nextID, version: step)
        nextID += 1
        store.insert(row, at: position)
        let place = model.place(of: position)
        model.chunks[place.chunk].insert(row, at: place.index)
      case 65..<75 where count > 0:
        let id = model.rows[Int(random.next(upperBound: UInt64(count)))].id
        let row = VersionedRow(id: id, version: -step)
        let replaced = store.replace(row)
        #expect(replaced)
        for chunk in model.chunks.indices {
          if let index = model.chunks[chunk].firstIndex(where: { $0.id == id }) {
            model.chunks[chunk][index] = row
          }
        }
      case 75..<80 where model.chunks.count > 1:
        // Rows at the end of the window join the page after them.
        let chunk = 1 + Int(random.next(upperBound: UInt64(model.chunks.count - 1)))
        let before = model.chunks[..<chunk].reduce(0) { $0 + $1.count }
        let moved = Int(random.next(upperBound: UInt64(min(before, 3) + 1)))
        store.moveTrailingItems(moved, intoChunk: store.items.firstChunk + chunk)
        var rows = model.rows
        let taken = Array(rows[(before - moved)..<before])
        rows.removeSubrange((before - moved)..<before)
        var remaining = taken
        for index in (0..<chunk).reversed() where !remaining.isEmpty {
          let cut = min(model.chunks[index].count, remaining.count)
          model.chunks[index].removeLast(cut)
          remaining.removeLast(cut)
        }
        model.chunks[chunk].insert(contentsOf: taken, at: 0)
      case 80..<85 where model.chunks.count > 2:
        let dropped = 1 + Int(random.next(upperBound: 2))
        if random.next(upperBound: 2) == 0 {
          store.removeFirstChunks(dropped)
          model.chunks.removeFirst(dropped)
        } else {
          store.removeLastChunks(dropped)
          model.chunks.removeLast(dropped)
        }
      case 85..<90:
        held = store.items
        heldRows = model.rows
      default:
        // A lookup from the last place, as a scrolling list makes.
        guard count > 0 else { continue }
        let position = Int(random.next(upperBound: UInt64(count)))
        let row = model.rows[position]
        let found = store.position(of: row.id, near: hint)
        #expect(found?.position == position, "step \(step)")
        hint = found?.place ?? .none
      }
      #expect(store.invariantViolation() == nil, "step \(step)")
      #expect(store.items.map(\.self) == model.rows, "step \(step)")
      #expect(store.items.endChunk - store.items.firstChunk == model.chunks.count, "step \(step)")
      #expect(Array(held) == heldRows, "step \(step)")
      if store.invariantViolation() != nil || Array(store.items) != model.rows { return }
    }
    let rows = model.rows
    #expect(rows.indices.allSatisfy { index in store.position(of: rows[index].id) == index })
  }
}

extension SeededRandom {
  /// A value in `0 ..< bound`.
  fileprivate mutating func next(upperBound bound: UInt64) -> UInt64 { next() % bound }
}
