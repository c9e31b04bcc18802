/// Names a row in an appearance signal: by its item's id (SwiftUI) or by its position
/// (UIKit's index paths).
public enum RowReference<ID: Hashable & Sendable>: Hashable, Sendable {
  /// The row showing the item with this id.
  case id(ID)
  /// The row at this position in the loaded items, from 0.
  case index(Int)
}
