import Paging
import PagingBaselines
import PagingTesting

/// What a comparison does with each feed it makes: plays the session on it and returns what it
/// measured. A protocol rather than a closure because every feed is of another type.
@MainActor
package protocol FeedPlayer {
  /// The rows the feeds show.
  associatedtype Item
  /// What one session gives.
  associatedtype Output

  /// Plays the session on `feed`.
  /// - Parameter feed: A feed the comparison made.
  /// - Returns: What the session gave.
  func play<Feed: ListFeed>(_ feed: Feed) async -> Output where Feed.Item == Item
}

/// The comparison the demo and the benchmark both run: the same session through the common
/// `onAppear` code, its three-guard fix and `Paginator`, each made here over a fresh source, so
/// that the two compare the same feeds for a feed, a chat and a search screen. The benchmark's
/// own feeds (``FeedKind/scanningHelper``, ``FeedKind/oracle``) it makes and plays itself.
@MainActor
package enum FeedComparison {
  /// Makes the feed of `kind` for `scenario` over `source` and plays the session on it.
  /// - Parameters:
  ///   - kind: The way of paging; not ``FeedKind/scanningHelper`` or ``FeedKind/oracle``.
  ///   - scenario: A feed, a chat (the baselines' chat forms, opening at `newestCursor`) or a
  ///     search screen (the baselines' forms that run on each change of the text).
  ///   - source: The source the feed loads from.
  ///   - newestCursor: The chat's first cursor: its newest page (the chat only).
  ///   - configuration: The paginator's configuration (the paginator kinds only, as
  ///     ``FeedKind/configured(_:pageSize:)`` makes it); in a chat its `initialCursor` should
  ///     be `newestCursor`.
  ///   - clock: The paginator's clock.
  ///   - timers: Where the paginator sets its timers: the test clock itself in virtual time,
  ///     so that a retry or a hedge fires inside the step that reaches it.
  ///   - player: What to do with the feed.
  /// - Returns: What `player` gave.
  package static func play<Source: PageSource, Player: FeedPlayer>(
    _ kind: FeedKind, scenario: DemoScenario, source: Source, newestCursor: Source.Cursor?,
    configuration: PagingConfiguration<Source.Cursor>, clock: any Clock<Duration>,
    timers: any PagingTimerScheduler, with player: Player
  ) async -> Player.Output where Player.Item == Source.Item {
    switch (scenario, kind) {
    case (.feed, .naive), (.jump, .naive):
      return await player.play(NaiveOnAppearFeed(source: source))
    case (.feed, .guarded), (.jump, .guarded):
      return await player.play(GuardedOnAppearFeed(source: source))
    case (.chat, .naive):
      guard let newestCursor else { preconditionFailure("a chat needs its newest cursor") }
      return await player.play(NaiveChatFeed(source: source, newestCursor: newestCursor))
    case (.chat, .guarded):
      guard let newestCursor else { preconditionFailure("a chat needs its newest cursor") }
      return await player.play(GuardedChatFeed(source: source, newestCursor: newestCursor))
    case (.search, .naive): return await player.play(NaiveSearchFeed(source: source))
    case (.search, .guarded): return await player.play(GuardedSearchFeed(source: source))
    case (_, .paginator), (_, .fixedPrefetch), (_, .unhedged):
      return await player.play(
        PaginatorFeed(
          Paginator(source: source, configuration: configuration, clock: clock, timers: timers)))
    case (_, .scanningHelper), (_, .oracle):
      preconditionFailure("paging-bench makes and plays its own feed of \(kind)")
    }
  }
}
