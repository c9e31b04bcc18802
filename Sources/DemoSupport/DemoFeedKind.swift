/// The three ways of paging the demo compares, in the order it runs them.
enum DemoFeedKind: CaseIterable {
  /// `NaiveOnAppearFeed`: every row's `onAppear` loads the next page.
  case naive
  /// `GuardedOnAppearFeed`: the usual three guards around that.
  case guarded
  /// This package's `Paginator`.
  case paginator

  /// The name in the comparison table.
  var name: String {
    switch self {
    case .naive: "naive onAppear"
    case .guarded: "guarded onAppear"
    case .paginator: "Paginator"
    }
  }
}
