/// What a list's footer row shows.
public enum ListFooterState: Hashable, Sendable {
  /// A spinner: a page is loading.
  case loading
  /// An error, with a Retry button when the feed has one.
  case failed
  /// The end of the list.
  case end
}
