import Paging

/// A way of paging a list that the demo and the benchmark set against each other on the same
/// sessions: the common code (``naive``, ``guarded``, ``scanningHelper``), `Paginator` in three
/// configurations, and the benchmark's lower bound (``oracle``).
///
/// The demo runs ``demo``; the benchmark's policy comparison runs every case. A kind has two
/// names: the benchmark's ``label`` (its tables and, encoded, its JSON), and the name the
/// demo's table gives its three, the code a reader of the scenario recognizes
/// (``name(in:)``).
package enum FeedKind: CaseIterable, Sendable {
  /// `NaiveOnAppearFeed`: every row's `onAppear` loads the page after the current cursor.
  case naive
  /// `GuardedOnAppearFeed`: the usual three guards around that (only the last row, an
  /// `isLoading` flag, stop on a `nil` cursor).
  case guarded
  /// The benchmark's `ScanningHelperFeed`: ListPagination's threshold item (10 rows from the
  /// end), found by scanning, as its README uses it.
  case scanningHelper
  /// `Paginator` with a fixed prefetch distance equal to the page size (Android Paging 3's
  /// default) and, as in Paging 3, no hedges.
  case fixedPrefetch
  /// `Paginator` with its default configuration.
  case paginator
  /// `Paginator` with its default configuration but hedging off (`HedgingPolicy.off`): what
  /// the default's hedges buy.
  case unhedged
  /// The benchmark's `OracleFeed`: knows the scroll path and every latency in advance and
  /// loads each page as late as possible without a stall (or as early as possible when even
  /// that stalls).
  case oracle

  /// The name in the benchmark's tables and JSON.
  package var label: String {
    switch self {
    case .naive: "naive onAppear"
    case .guarded: "three-guard fix"
    case .scanningHelper: "scanning threshold helper"
    case .fixedPrefetch: "fixed prefetch = page size"
    case .paginator: "Paginator (default)"
    case .unhedged: "Paginator (no hedging)"
    case .oracle: "oracle"
    }
  }

  /// The three ways the demo compares, in the order it runs them.
  package static let demo: [FeedKind] = [.naive, .guarded, .paginator]

  /// The name in the demo's comparison table of `scenario`: a search's baselines run on each
  /// change of the text (`onChange`, `task(id:)`), a feed's and a chat's on a row's
  /// `onAppear`. The naive `onAppear` code, and a kind the demo does not run, keep their
  /// label.
  /// - Parameter scenario: The list.
  /// - Returns: The name.
  func name(in scenario: DemoScenario = .feed) -> String {
    switch (scenario, self) {
    case (.search, .naive): "naive onChange"
    case (.search, .guarded): "guarded task(id:)"
    case (_, .guarded): "guarded onAppear"
    case (_, .paginator): "Paginator"
    default: label
    }
  }

  /// `configuration` as this kind runs `Paginator`: the fixed prefetch of `pageSize` rows and
  /// no hedges for ``fixedPrefetch``, no hedges for ``unhedged``, else unchanged.
  /// - Parameters:
  ///   - configuration: The session's configuration (its first cursor, its cap).
  ///   - pageSize: The session's rows per page.
  /// - Returns: The configuration the paginator runs with.
  package func configured<Cursor>(_ configuration: PagingConfiguration<Cursor>, pageSize: Int)
    -> PagingConfiguration<Cursor>
  {
    var configuration = configuration
    switch self {
    case .fixedPrefetch:
      configuration.prefetch = .fixed(pageSize)
      configuration.hedging = .off
    case .unhedged: configuration.hedging = .off
    default: break
    }
    return configuration
  }
}

extension FeedKind: Codable {
  /// Decodes the kind of a ``label``.
  /// - Parameter decoder: The decoder.
  /// - Throws: `DecodingError` when the value is not a kind's label.
  package init(from decoder: any Decoder) throws {
    let label = try decoder.singleValueContainer().decode(String.self)
    guard let kind = Self.allCases.first(where: { $0.label == label }) else {
      throw DecodingError.dataCorrupted(
        .init(codingPath: decoder.codingPath, debugDescription: "no feed kind is \"\(label)\""))
    }
    self = kind
  }

  /// Encodes the kind's ``label``.
  /// - Parameter encoder: The encoder.
  /// - Throws: What the encoder throws.
  package func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(label)
  }
}
