import Paging
import PagingBaselines
import PagingTesting

/// A row of the test datasets.
struct Row: Identifiable, Sendable, Hashable {
  let id: Int
}

/// Rows `0 ..< count`, in server order.
func rows(_ count: Int) -> [Row] { (0..<count).map(Row.init) }

typealias Server = SimulatedFeedServer<Row>
typealias ServerCursor = Server.Cursor

/// A keyset cursor after row `id`.
func after(_ id: Int) -> ServerCursor { ServerCursor(position: .after(id)) }

/// 64-point rows in a 640-point viewport: exactly 10 rows visible.
func tenRowList(
  container: ListContainer = .list, forwardMargin: Int? = nil, backwardMargin: Int? = nil,
  disappearPolicy: DisappearPolicy = .paired, spuriousRepeatProbability: Double = 0,
  identityChurn: Bool = false, seed: UInt64 = 0, rowSignal: ListRowSignal = .appearance
) -> ListSimulatorConfiguration {
  ListSimulatorConfiguration(
    rowHeight: 64, viewportHeight: 640, container: container, forwardMargin: forwardMargin,
    backwardMargin: backwardMargin, disappearPolicy: disappearPolicy,
    spuriousRepeatProbability: spuriousRepeatProbability, identityChurn: identityChurn,
    seed: seed, rowSignal: rowSignal)
}

/// A server, a feed over it and a list simulator, all on one test clock.
@MainActor
struct Session<Feed: ListFeed> where Feed.Item == Row {
  let clock: TestClock
  let server: Server
  let feed: Feed
  let list: ListSimulator<Feed>

  var report: SessionReport { list.report() }

  /// The screen appears, then the user waits `idle` (default 1 s) before touching it.
  func begin(idle: Duration = .seconds(1)) async {
    await list.startScreenTask()
    await list.idle(for: idle)
  }

  /// How many times row `index` fired `onAppear`.
  func appearances(of index: Int) -> Int {
    list.events.filter {
      if case .rowAppeared(index, _) = $0.kind { return true }
      return false
    }.count
  }

  /// How many times row `index` fired `onDisappear`.
  func disappearances(of index: Int) -> Int {
    list.events.filter {
      if case .rowDisappeared(index, _) = $0.kind { return true }
      return false
    }.count
  }

  /// The rows that fired `onAppear`, in order.
  var appearedRows: [Int] {
    list.events.compactMap {
      if case .rowAppeared(let index, _) = $0.kind { return index }
      return nil
    }
  }
}

/// A server over `items`, a feed that `makeFeed` makes over it, and a list simulator showing
/// the feed, all on one new test clock: the one way the tests set a session up.
@MainActor
func session<Feed: ListFeed>(
  items: [Row], pageSize: Int, pagination: Server.Pagination, latency: LatencyModel,
  faults: Server.Faults, serverSeed: UInt64, list: ListSimulatorConfiguration,
  makeFeed: (Server, TestClock) -> Feed
) -> Session<Feed> {
  let clock = TestClock()
  let server = Server(
    items: items, pageSize: pageSize, pagination: pagination, latency: latency, faults: faults,
    seed: serverSeed, clock: clock)
  let feed = makeFeed(server, clock)
  return Session(
    clock: clock, server: server, feed: feed,
    list: ListSimulator(feed: feed, server: server, configuration: list, clock: clock))
}

@MainActor
func paginatorSession(
  items: [Row] = rows(200), pageSize: Int = 20, pagination: Server.Pagination = .keyset,
  latency: LatencyModel = .fixed(.milliseconds(300)), faults: Server.Faults = Server.Faults(),
  serverSeed: UInt64 = 0, paging: PagingConfiguration<ServerCursor> = PagingConfiguration(),
  list: ListSimulatorConfiguration = tenRowList()
) -> Session<PaginatorFeed<Row, ServerCursor>> {
  session(
    items: items, pageSize: pageSize, pagination: pagination, latency: latency, faults: faults,
    serverSeed: serverSeed, list: list
  ) { server, clock in PaginatorFeed(Paginator(source: server, configuration: paging, clock: clock))
  }
}

@MainActor
func naiveSession(
  items: [Row] = rows(200), pageSize: Int = 20, pagination: Server.Pagination = .keyset,
  latency: LatencyModel = .fixed(.milliseconds(300)), faults: Server.Faults = Server.Faults(),
  serverSeed: UInt64 = 0, list: ListSimulatorConfiguration = tenRowList()
) -> Session<NaiveOnAppearFeed<Server>> {
  session(
    items: items, pageSize: pageSize, pagination: pagination, latency: latency, faults: faults,
    serverSeed: serverSeed, list: list
  ) { server, _ in NaiveOnAppearFeed(source: server) }
}

@MainActor
func guardedSession(
  items: [Row] = rows(200), pageSize: Int = 20, latency: LatencyModel = .fixed(.milliseconds(300)),
  faults: Server.Faults = Server.Faults(), serverSeed: UInt64 = 0,
  list: ListSimulatorConfiguration = tenRowList()
) -> Session<GuardedOnAppearFeed<Server>> {
  session(
    items: items, pageSize: pageSize, pagination: .keyset, latency: latency, faults: faults,
    serverSeed: serverSeed, list: list
  ) { server, _ in GuardedOnAppearFeed(source: server) }
}
