/// The item of the micro-benchmarks: an integer id and one integer of payload, 16 bytes
/// (`MemoryLayout<SmallItem>.stride`) and no heap storage of its own, so its "own size" is
/// exactly `stride × count`.
struct SmallItem: Identifiable, Sendable, Hashable, Codable {
  /// The row's id: its position in the feed.
  let id: Int
  /// A payload, so the item is not just its id.
  let value: Int

  /// The item at feed position `position`.
  init(_ position: Int) {
    id = position
    value = position &* 31
  }

  /// Items `range`, in order.
  /// The item with `id` and another value: an edit's update of it.
  init(id: Int, value: Int) {
    self.id = id
    self.value = value
  }

  static func page(_ range: Range<Int>) -> [SmallItem] { range.map(SmallItem.init) }
}
