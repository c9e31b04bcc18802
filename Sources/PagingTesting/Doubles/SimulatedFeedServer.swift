import Paging

/// A `PageSource` over a dataset, with keyset (or offset) cursors, a page size, a seeded
/// latency model on an injected clock, scripted faults and a log of what it served.
///
/// ```swift
/// let clock = TestClock()
/// let server = SimulatedFeedServer(
///   items: (0..<500).map(Post.init), pageSize: 20, latency: .cellular, seed: 7, clock: clock)
/// let paginator = Paginator(source: server)
/// ```
///
/// Pages follow the server order of `items`. A chat opens at ``Cursor/newest`` (the last page, in
/// server order: oldest first, as a chat shows them) and reads older pages with the
/// `before` previous cursors those pages give; pages read forwards give no
/// previous cursor, so a feed never prepends. With ``Pagination/keyset`` paging the
/// next cursor names the last item served, so items inserted at the head between requests do
/// not move later pages; with ``Pagination/offset`` paging it counts items, so
/// head insertions shift later pages and repeat items (fault class 12).
///
/// Faults are keyed by request number, which `Paginator` and the baselines count from 1 in
/// the order they issue requests. Latencies
/// and failures by rate are drawn per request number too, so concurrent requests get the same
/// answers, run after run, whatever order their tasks reach the server in. Two paginators over
/// the server itself both number from 1: each request is logged, and request number *n*'s
/// faults and latency apply to both; a second paginator over ``client(_:)`` is logged apart and
/// free of the scripted faults.
///
/// Every request waits its latency on the clock, including failures. On a ``TestClock`` each
/// answer waits for the clock to be advanced, even a zero latency (`advance(by: .zero)`
/// delivers it), and answers due at the same instant are delivered in request order; a
/// ``ListSimulator`` given this server steps them one at a time, so a session in virtual time
/// is deterministic.
public final class SimulatedFeedServer<Item: Identifiable & Sendable>: PageSource, Sendable
where Item.ID: Sendable {
  /// How the server's cursors address a page.
  public enum Pagination: Hashable, Sendable {
    /// The cursor names the last item served; the next page starts after it (keyset, or seek,
    /// paging). Stable under inserts.
    case keyset
    /// The cursor counts the items before the page (offset paging). Shifts under inserts.
    case offset
    /// Offset paging whose pages count the rows before and after them (`Page.itemsBefore`,
    /// `Page.itemsAfter`) and give the previous page's offset, as an API that returns a
    /// total does: the list has its full length, and the server can jump
    /// (`PageSource.jumpingSupported`), at the offset half a page before a position.
    case countedOffset
  }

  /// The items in server order; `order[i]` has rank `firstRank + i`.
  private struct Dataset: Sendable {
    var order: [Item]
    var ranks: [Item.ID: Int] = [:]
    var firstRank = 0
  }

  private struct State: Sendable {
    var dataset: Dataset
    /// The log in arrival order: each call to serve a request appends its own entry, so that
    /// two callers numbering their requests alike do not overwrite each other's.
    var log: [RequestRecord<Cursor>] = []
    var sequence = 0

    mutating func nextSequence() -> Int {
      sequence += 1
      return sequence
    }
  }

  /// The number of items per page (at least 1).
  package let pageSize: Int
  /// How cursors address pages.
  package let pagination: Pagination
  /// How long answers take.
  package let latency: LatencyModel
  /// The scripted faults.
  package let faults: Faults
  /// The seed of the latency and failure-rate draws.
  package let seed: UInt64

  /// Whether an item matches a request's query (`PageRequest.query(as:)` as a `String`):
  /// set, the server pages through the matching items only, as a search endpoint does.
  package let search: (@Sendable (Item, String) -> Bool)?

  private let state: Locked<State>
  private let timeline: ClockTimeline
  let ledger = SimulationLedger()

  /// Creates a server.
  /// - Parameters:
  ///   - items: The dataset in server order. Ids should be unique; a repeated id keeps its
  ///     first position for keyset cursors.
  ///   - pageSize: Items per page (values below 1 count as 1).
  ///   - pagination: Keyset (default) or offset cursors.
  ///   - latency: How long each answer takes (default: a fixed 150 ms round trip).
  ///   - faults: The scripted faults (default: none).
  ///   - seed: The seed of the latency and failure-rate draws (default 0).
  ///   - search: Whether an item matches a query, for a search endpoint (default: none; the
  ///     query is ignored).
  ///   - clock: The clock latencies are slept on: a ``TestClock`` in tests,
  ///     `ContinuousClock()` for real time.
  /// - Complexity: O(*n*) for the *n* items, which it indexes by id.
  public init(
    items: [Item], pageSize: Int = 20, pagination: Pagination = .keyset,
    latency: LatencyModel = .lighthouseMobile, faults: Faults = Faults(), seed: UInt64 = 0,
    search: (@Sendable (Item, String) -> Bool)? = nil, clock: any Clock<Duration>
  ) {
    self.search = search
    self.pageSize = max(1, pageSize)
    self.pagination = pagination
    self.latency = latency
    self.faults = faults
    self.seed = seed
    self.timeline = ClockTimeline(clock)
    var dataset = Dataset(order: items)
    for (rank, item) in items.enumerated() where dataset.ranks[item.id] == nil {
      dataset.ranks[item.id] = rank
    }
    self.state = Locked(State(dataset: dataset))
  }

  // MARK: Jumps

  /// Whether the server can load a page at any position: with ``Pagination/countedOffset``.
  public var jumpingSupported: Bool { pagination == .countedOffset }

  /// The offset half a page before `position`, so that its row lands mid-page (Android Paging
  /// 3's `getRefreshKey`, with the size of the page the cursor loads).
  /// - Parameter position: The row's position in the server's list, from 0.
  /// - Returns: The cursor.
  public func cursor(around position: Int) -> Cursor? {
    Cursor(position: .offset(max(0, position.saturatingAdding(-(pageSize / 2)))))
  }

  /// The offset `position` with ``Pagination/countedOffset``, as the page before it names it:
  /// a walk loads the pages after a counted page several at a time (parallel pages). `nil`
  /// with any other pagination.
  /// - Parameter position: The first row's position in the server's list, from 0.
  /// - Returns: The cursor.
  public func cursor(forPageStartingAt position: Int) -> Cursor? {
    guard pagination == .countedOffset, position >= 0 else { return nil }
    return Cursor(position: .offset(position))
  }

  // MARK: Reading

  /// The dataset as it is now, in server order (head insertions included).
  public var items: [Item] { state.withLock { $0.dataset.order } }

  /// Every request so far, ordered by client (the server itself first, then each
  /// ``client(_:)`` by number), within a client by request id, and for one id by arrival (two
  /// paginators over the server itself both number their requests from 1: each request is
  /// logged).
  /// - Complexity: O(*n* log *n*) for *n* requests.
  public var log: [RequestRecord<Cursor>] {
    state.withLock { state in
      state.log.sorted {
        ($0.client, $0.request.id.rawValue, $0.arrival) < (
          $1.client, $1.request.id.rawValue, $1.arrival
        )
      }
    }
  }

  /// The item's place in server order: 0 for the first item of the initial dataset, counting
  /// up; items inserted at the head later get negative ranks, in their order. `nil` for an
  /// unknown id.
  /// - Parameter id: An item id.
  /// - Complexity: O(1) on average.
  package func serverRank(of id: Item.ID) -> Int? { state.withLock { $0.dataset.ranks[id] } }

  /// Inserts items at the head of the dataset now, as new posts arrive on a real feed.
  /// - Parameter newItems: The items, in server order; ids already present are skipped.
  /// - Complexity: O(*n* + *k*) for the *n* items of the dataset and the *k* new ones, which
  ///   go in front of it.
  public func insertAtHead(_ newItems: [Item]) {
    state.withLock { Self.insertAtHead(newItems, into: &$0.dataset) }
  }

  private static func insertAtHead(_ newItems: [Item], into state: inout Dataset) {
    var seen = Set<Item.ID>()
    let fresh = newItems.filter { state.ranks[$0.id] == nil && seen.insert($0.id).inserted }
    guard !fresh.isEmpty else { return }
    state.firstRank -= fresh.count
    for (index, item) in fresh.enumerated() { state.ranks[item.id] = state.firstRank + index }
    state.order.insert(contentsOf: fresh, at: 0)
  }

  // MARK: Serving

  /// Waits the request's latency on the clock, then answers it: a page, or a scripted error.
  /// - Parameter request: The page to load; a `nil` cursor asks for the first page.
  /// - Returns: The page and the next cursor (`nil` at the end).
  /// - Throws: ``SimulatedServerError/unavailable(request:)`` for a scripted failure,
  ///   ``SimulatedServerError/unknownCursor(_:)`` for a keyset cursor naming no item, and
  ///   `CancellationError` when the caller is cancelled while it waits.
  /// - Complexity: O(*p*) for a page of *p* items besides the wait, or O(*n*) for the *n* items
  ///   of the dataset when the server searches (`search`), since each query filters them.
  public func loadPage(_ request: PageRequest<Cursor>) async throws -> Page<Item, Cursor> {
    try await loadPage(request, client: 0)
  }

  /// Serves `request` for client `client` (0: the server used directly as a source).
  func loadPage(_ request: PageRequest<Cursor>, client: Int) async throws -> Page<Item, Cursor> {
    guard client == 0 else { return try await loadPageForClient(request, client: client) }
    let number = request.id.rawValue
    let arrivedAt = timeline.elapsed
    let key = state.withLock { state in
      let entry = RequestRecord(
        request: request, arrival: state.nextSequence(), receivedAt: arrivedAt, answer: nil,
        outcome: .pending)
      state.log.append(entry)
      return state.log.count - 1
    }
    let dueAt = arrivedAt + latency.latency(forRequest: number, seed: seed)
    do {
      if let clock = timeline.testClock {
        let hooks = SleepHooks(
          parked: { [ledger] in ledger.markArrived(request.id) },
          resumed: { [self] cancelled in
            markAnswered(key, cancelled: cancelled)
            ledger.markResolved(request.id)
          })
        try await clock.sleep(until: timeline.testInstant(at: dueAt), rank: number, hooks: hooks)
      } else {
        ledger.markArrived(request.id)
        try await timeline.sleep(until: dueAt)
        markAnswered(key, cancelled: false)
      }
    } catch {
      markAnswered(key, cancelled: true)
      ledger.markEnded(request.id)
      throw error
    }
    return try answer(request, client: 0, entry: key)
  }

  /// Serves a request of a ``client(_:)`` numbered from 1: logged under that client, answered
  /// after its latency with no scripted fault (faults are scripted by the server's own
  /// request numbers), and kept out of the list simulator's ledger, which follows the server's
  /// direct caller.
  private func loadPageForClient(_ request: PageRequest<Cursor>, client: Int) async throws
    -> Page<Item, Cursor>
  {
    let arrivedAt = timeline.elapsed
    let key = state.withLock { state in
      let entry = RequestRecord(
        request: request, client: client, arrival: state.nextSequence(), receivedAt: arrivedAt,
        answer: nil, outcome: .pending)
      state.log.append(entry)
      return state.log.count - 1
    }
    let dueAt = arrivedAt + latency.latency(forRequest: request.id.rawValue, seed: seed)
    do {
      try await timeline.sleep(until: dueAt)
    } catch {
      markAnswered(key, cancelled: true)
      throw error
    }
    markAnswered(key, cancelled: false)
    return try answer(request, client: client, entry: key)
  }

  /// A view of this server with its own client number, for a second paginator that shares
  /// its dataset: its requests are logged apart (every paginator numbers its requests from 1)
  /// and scripted faults do not hit them.
  /// - Parameter number: The client's number, from 1 (0 is the server used directly).
  /// - Returns: A page source over this server.
  public func client(_ number: Int) -> Client { Client(server: self, number: max(1, number)) }

  /// A page source that serves a ``SimulatedFeedServer``'s dataset to one more paginator.
  public struct Client: PageSource {
    /// The server.
    package let server: SimulatedFeedServer
    /// The client's number, from 1.
    package let number: Int

    /// Loads a page from the server, logged under this client.
    /// - Parameter request: The page to load.
    /// - Returns: The page.
    /// - Throws: As ``SimulatedFeedServer/loadPage(_:)``, without scripted faults.
    /// - Complexity: As ``SimulatedFeedServer/loadPage(_:)``.
    public func loadPage(_ request: PageRequest<SimulatedFeedServer.Cursor>) async throws
      -> Page<Item, SimulatedFeedServer.Cursor>
    {
      try await server.loadPage(request, client: number)
    }
  }

  /// Stamps the answer's time and place in sequence on log entry `index`, once.
  private func markAnswered(_ index: Int, cancelled: Bool) {
    let now = timeline.elapsed
    state.withLock { state in
      guard state.log[index].answer == nil else { return }
      state.log[index].answer = state.nextSequence()
      state.log[index].answeredAt = now
      if cancelled { state.log[index].outcome = .cancelled }
    }
  }

  /// Answers `request` and settles log entry `entry` with the answer.
  private func answer(_ request: PageRequest<Cursor>, client: Int, entry: Int) throws -> Page<
    Item, Cursor
  > {
    let number = request.id.rawValue
    let result = state.withLock { state -> Result<Page<Item, Cursor>, SimulatedServerError> in
      if client == 0, let inserted = faults.headInsertions[number] {
        Self.insertAtHead(inserted, into: &state.dataset)
      }
      let result = page(
        for: request, in: Self.matching(request, in: state.dataset, search: search),
        faults: client == 0 ? faults : Faults())
      state.log[entry].settle(with: result.mapError { $0 as any Error })
      return result
    }
    return try result.get()
  }

  /// The dataset a request pages through: the items matching its query when the server has a
  /// search, else all of them. O(*n*) with a search.
  private static func matching(
    _ request: PageRequest<Cursor>, in dataset: Dataset,
    search: (@Sendable (Item, String) -> Bool)?
  ) -> Dataset {
    guard let search, let query = request.query(as: String.self) else { return dataset }
    var matches = Dataset(order: dataset.order.filter { search($0, query) })
    for (rank, item) in matches.order.enumerated() where matches.ranks[item.id] == nil {
      matches.ranks[item.id] = rank
    }
    return matches
  }

  private func page(for request: PageRequest<Cursor>, in state: Dataset, faults: Faults)
    -> Result<Page<Item, Cursor>, SimulatedServerError>
  {
    let number = request.id.rawValue
    var random = SeededRandom(seed: seed, stream: UInt64(truncatingIfNeeded: number) << 1 | 1)
    if faults.failingRequests.contains(number) || random.chance(faults.failureRate) {
      return .failure(.unavailable(request: number))
    }
    let cursor = request.cursor
    if let cursor, cursor.readsBackwards {
      return backwardPage(for: request, at: cursor, in: state, faults: faults)
    }
    if faults.emptyPageRequests.contains(number) {
      let position = cursor?.position ?? .start
      let next = Cursor(position: position, emptyPagesBefore: (cursor?.emptyPagesBefore ?? 0) + 1)
      return .success(Page(items: [], nextCursor: next))
    }
    var start: Int
    switch cursor?.position {
    case nil, .start, .newest, .before: start = 0
    case .offset(let offset): start = max(0, offset)
    case .after(let id):
      guard let rank = state.ranks[id] else {
        return .failure(.unknownCursor("\(Cursor(position: .after(id)))"))
      }
      start = rank - state.firstRank + 1
    }
    // Both are at least 0 (a fault repeats no negative count); a page size at the end of `Int`
    // saturates rather than trap.
    start = max(0, start - faults.repeatedItems[number, default: 0])
    let end = min(state.order.count, start.saturatingAdding(pageSize))
    let items = start < end ? Array(state.order[start..<end]) : []
    var next: Cursor?
    if end < state.order.count, let last = items.last {
      let position: Cursor.Position = pagination == .keyset ? .after(last.id) : .offset(end)
      next = Cursor(position: position, emptyPagesBefore: 0)
    }
    if faults.repeatedCursorRequests.contains(number), let cursor {
      next = cursor
    }
    guard pagination == .countedOffset else {
      return .success(Page(items: items, nextCursor: next))
    }
    let previous = start > 0 ? Cursor(position: .offset(max(0, start - pageSize))) : nil
    return .success(
      Page(
        items: items, nextCursor: next, previousCursor: previous, itemsBefore: start,
        itemsAfter: max(0, state.order.count - max(start, end))))
  }

  /// A page read backwards from `cursor` (``Cursor/Position/newest`` or
  /// ``Cursor/Position/before(_:)``): the `pageSize` items that end there, in server order,
  /// with a `before` previous cursor while items exist before them and the usual next cursor
  /// while items exist after them. Faults: an empty page hands back a fresh previous cursor at
  /// the same position; repeated items extend the page past its end (over rows already
  /// loaded below it); a repeated cursor comes back as the previous cursor.
  private func backwardPage(
    for request: PageRequest<Cursor>, at cursor: Cursor, in state: Dataset, faults: Faults
  ) -> Result<Page<Item, Cursor>, SimulatedServerError> {
    let number = request.id.rawValue
    if faults.emptyPageRequests.contains(number) {
      let previous = Cursor(
        position: cursor.position, emptyPagesBefore: cursor.emptyPagesBefore + 1)
      return .success(Page(items: [], nextCursor: nil, previousCursor: previous))
    }
    var end = state.order.count
    if case .before(let id) = cursor.position {
      guard let rank = state.ranks[id] else {
        return .failure(.unknownCursor("\(Cursor(position: .before(id)))"))
      }
      end = rank - state.firstRank
    }
    let start = max(0, end - pageSize)
    end = min(state.order.count, end + faults.repeatedItems[number, default: 0])
    let items = start < end ? Array(state.order[start..<end]) : []
    var previous: Cursor?
    if start > 0, let first = items.first { previous = Cursor(position: .before(first.id)) }
    var next: Cursor?
    if end < state.order.count, let last = items.last {
      let position: Cursor.Position = pagination == .keyset ? .after(last.id) : .offset(end)
      next = Cursor(position: position)
    }
    if faults.repeatedCursorRequests.contains(number) { previous = cursor }
    return .success(Page(items: items, nextCursor: next, previousCursor: previous))
  }
}
