/// The threshold check that popular SwiftUI pagination helpers publish (for example
/// ListPagination's `isThresholdItem(offset:item:)`, 2019, copied into many apps since):
/// find the appearing row's index by scanning the items with `firstIndex(where:)`, comparing
/// ids as `AnyHashable`, and report the row that has exactly `offset` rows after it.
///
/// Re-implemented here from the published behaviour, to measure it next to the engine: each
/// call is O(*n*) in the rows before the appearing one (fault class 16).
enum ScanningThresholdHelper {
  /// The offset of ListPagination's own example: the tenth row from the end triggers.
  static let exampleOffset = 10

  /// Whether `item` is the threshold row of `items`: exactly `offset` rows follow it (for a
  /// list shorter than `offset`, the first row).
  /// - Complexity: O(*n*): a linear scan with an `AnyHashable` comparison per row.
  static func isThresholdItem<Items: RandomAccessCollection, Item: Identifiable>(
    _ items: Items, offset: Int, item: Item
  ) -> Bool where Items.Element: Identifiable {
    guard !items.isEmpty,
      let index = items.firstIndex(where: { AnyHashable($0.id) == AnyHashable(item.id) })
    else { return false }
    let distance = items.distance(from: index, to: items.endIndex)
    let effectiveOffset = offset < items.count ? offset : items.count - 1
    return effectiveOffset == distance - 1
  }
}
