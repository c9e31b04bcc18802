/// What a commit does with an item whose id is already in the list (fault class 12: offset and
/// page-number APIs repeat items when the server inserts rows between requests).
public enum DuplicatePolicy: Hashable, Sendable {
  /// Keep the item already in the list, at its position, and drop the new one. The default:
  /// the list never moves under the user's finger.
  case keepFirst
  /// Put the new item in place of the old one, at the old one's position (fresher data, same
  /// order).
  case replace
}
