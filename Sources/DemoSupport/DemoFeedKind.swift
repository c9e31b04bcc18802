/// The three ways of paging the demo compares, in the order it runs them.
package enum DemoFeedKind: CaseIterable, Sendable {
  /// `NaiveOnAppearFeed`: every row's `onAppear` loads the next page.
  case naive
  /// `GuardedOnAppearFeed`: the usual three guards around that.
  case guarded
  /// This package's `Paginator`.
  case paginator

  /// The name in the comparison table of `scenario`: a search's baselines run on each change
  /// of the text (`onChange`, `task(id:)`), a feed's and a chat's on a row's `onAppear`.
  func name(in scenario: DemoScenario) -> String {
    switch (scenario, self) {
    case (.search, .naive): "naive onChange"
    case (.search, .guarded): "guarded task(id:)"
    default: name
    }
  }

  /// The name in the feed's comparison table.
  var name: String {
    switch self {
    case .naive: "naive onAppear"
    case .guarded: "guarded onAppear"
    case .paginator: "Paginator"
    }
  }
}
