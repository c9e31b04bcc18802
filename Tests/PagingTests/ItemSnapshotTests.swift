import Paging
import Testing

import var PagingTestSupport.minuteLimit

/// The chunked, two-sided snapshot behind ``Paginator/items``, alone and under the store,
/// checked against a plain array.
@Suite(.timeLimit(.minutes(minuteLimit))) struct ItemSnapshotTests {
  /// A row with a payload, to tell a replaced item from the one it replaced.
  struct VersionedRow: Identifiable, Sendable, Hashable {
    let id: Int
    var version = 0
  }

  static let chunk = ItemSnapshot<Int>.chunkCapacity
  /// Page sizes around a chunk's boundary.
  static let boundarySizes = [0, 1, chunk - 1, chunk, chunk + 1]

  @Test(arguments: boundarySizes)
  func prependThenAppendAroundChunkBoundariesReadsInOrder(frontSize: Int) {
    for backSize in Self.boundarySizes {
      var snapshot = ItemSnapshot(0..<backSize)
      snapshot.prepend(contentsOf: -frontSize..<0)
      let expected = Array(-frontSize..<backSize)
      #expect(snapshot.count == expected.count)
      #expect(Array(snapshot) == expected)
      #expect(snapshot.indices.allSatisfy { snapshot[$0] == expected[$0] })
      #expect(snapshot.layoutViolation() == nil)
      #expect(snapshot == ItemSnapshot(expected))
    }
  }

  @Test func bothSidesCrossGroupBoundariesAndACopyKeepsItsItems() {
    let group = Self.chunk * ItemSnapshot<Int>.groupCapacity
    for size in [group - 1, group, group + 1] {
      var snapshot = ItemSnapshot(0..<size)
      snapshot.prepend(contentsOf: -size..<0)
      let copy = snapshot
      snapshot.append(contentsOf: size..<(size + Self.chunk + 1))
      snapshot.prepend(contentsOf: (-size - Self.chunk - 1)..<(-size))
      let place = snapshot.location(of: Self.chunk + 1)
      snapshot[chunk: place.chunk, place.index] = -1
      #expect(copy.count == 2 * size)
      #expect(copy.indices.allSatisfy { copy[$0] == $0 - size })
      #expect(snapshot.count == 2 * size + 2 * Self.chunk + 2)
      #expect(snapshot[0] == -size - Self.chunk - 1)
      #expect(snapshot[Self.chunk] == -size - 1)
      #expect(snapshot[Self.chunk + 1] == -1)
      #expect(snapshot[Self.chunk + 2 + size] == 1)
      #expect(snapshot.last == size + Self.chunk)
      #expect(snapshot.layoutViolation() == nil)
      #expect(copy.layoutViolation() == nil)
    }
  }

  @Test func snapshotsWithTheSameItemsAreEqualWhateverTheirLayout() {
    var prepended = ItemSnapshot<Int>()
    for value in (0..<3_000).reversed() { prepended.prepend(value) }
    let appended = ItemSnapshot(0..<3_000)
    #expect(prepended == appended)
    #expect(prepended != ItemSnapshot(0..<2_999))
    #expect(ItemSnapshot<Int>() == ItemSnapshot<Int>([]))
    #expect(ItemSnapshot<Int>().isEmpty)
    #expect(appended.first == 0)
    #expect(prepended.last == 2_999)
  }

  @Test func aCopyKeepsItsItemsWhileTheOriginalGrowsOnBothSides() {
    var snapshot = ItemSnapshot(0..<(Self.chunk + 10))
    snapshot.prepend(contentsOf: -10..<0)
    let copy = snapshot
    snapshot.append(contentsOf: (Self.chunk + 10)..<(3 * Self.chunk))
    snapshot.prepend(contentsOf: -(2 * Self.chunk)..<(-10))
    #expect(Array(copy) == Array(-10..<(Self.chunk + 10)))
    #expect(Array(snapshot) == Array(-(2 * Self.chunk)..<(3 * Self.chunk)))
    #expect(copy.layoutViolation() == nil)
    #expect(snapshot.layoutViolation() == nil)
  }

  /// A plain array doing what the store should do (with a dictionary of positions, rebuilt
  /// on every call, only to keep the test fast).
  struct Model {
    var items: [VersionedRow] = []

    mutating func append(_ page: [VersionedRow], policy: DuplicatePolicy) {
      var positions = Dictionary(uniqueKeysWithValues: items.enumerated().map { ($1.id, $0) })
      for item in page {
        if let index = positions[item.id] {
          if policy == .replace { items[index] = item }
        } else {
          positions[item.id] = items.count
          items.append(item)
        }
      }
    }

    mutating func prepend(_ page: [VersionedRow], policy: DuplicatePolicy) {
      let loaded = Dictionary(uniqueKeysWithValues: items.enumerated().map { ($1.id, $0) })
      var fresh = Model()
      for item in page {
        if let index = loaded[item.id] {
          if policy == .replace { items[index] = item }
        } else {
          fresh.append([item], policy: policy)
        }
      }
      items = fresh.items + items
    }
  }

  @Test(arguments: 0..<10)
  func interleavedPrependsAndAppendsMatchAnArray(seed: Int) {
    var random = SeededRandom(fuzzSeed: UInt64(seed))
    var store = ItemStore<VersionedRow>()
    var model = Model()
    var held: [(ItemSnapshot<VersionedRow>, [VersionedRow])] = []
    var nextId = 0
    var faults: [String] = []
    for step in 0..<16 {
      let size =
        random.percent(70)
        ? Self.boundarySizes[random.int(0...4)] : random.int(0...100)
      // New ids, with a few ids already loaded (or repeated within the page) mixed in.
      var page: [VersionedRow] = []
      for _ in 0..<size {
        if random.percent(10), let loaded = model.items.randomElement(using: &random) {
          page.append(VersionedRow(id: loaded.id, version: step + 1))
        } else if random.percent(3), let repeated = page.randomElement(using: &random) {
          page.append(VersionedRow(id: repeated.id, version: step + 1))
        } else {
          page.append(VersionedRow(id: nextId, version: step + 1))
          nextId += 1
        }
      }
      let policy: DuplicatePolicy = random.percent(50) ? .keepFirst : .replace
      let before = model.items
      let operation = random.int(0...19)
      let result: ItemStore<VersionedRow>.InsertionResult
      if operation < 9 {
        result = store.append(contentsOf: page, policy: policy)
        model.append(page, policy: policy)
      } else if operation < 18 {
        result = store.prepend(contentsOf: page, policy: policy)
        model.prepend(page, policy: policy)
      } else {
        result = store.replaceAll(with: page, policy: policy)
        model = Model()
        model.append(page, policy: policy)
      }
      let context = "seed \(seed) step \(step) op \(operation) size \(size)"
      let added = operation < 18 ? model.items.count - before.count : model.items.count
      if result.inserted != added || result.inserted + result.dropped + result.replaced != size {
        faults.append("\(context): result \(result), \(added) added")
      }
      if policy == .keepFirst, result.replaced != 0 { faults.append("\(context): replaced") }
      if policy == .replace, result.dropped != 0 { faults.append("\(context): dropped") }
      if Array(store.items) != model.items { faults.append("\(context): items differ") }
      if let violation = store.invariantViolation() { faults.append("\(context): \(violation)") }
      if random.percent(30) { held.append((store.items, model.items)) }
    }
    for (index, (snapshot, items)) in held.enumerated() where Array(snapshot) != items {
      faults.append("seed \(seed): held snapshot \(index) changed")
    }
    #expect(faults == [])
  }
}
