import Paging

/// One state of an exploration: the machine, what the harness around it tracks (the requests
/// not yet answered, the viewport, the filter and query, the server's changes) and the
/// reference model. A value: the search copies it for every event it tries.
package struct ExplorerWorld: Sendable {
  /// A request the source has not answered, oldest first.
  package struct Outstanding: Hashable, Sendable {
    package var request: PageRequest<Int>
    /// Whether the machine still waits for it (it did not cancel it).
    package var live = true
    /// Whether its hedge timer is set (rulebook R22).
    package var hedgeTimer = false
  }

  /// A caller of `fetchNextPage()` or `fetchPreviousPage()` waiting for the outcome: the
  /// paginator answers it once no load is in flight and no automatic retry of its edge (or of
  /// the first page, while no row is shown) waits.
  package struct Caller: Hashable, Sendable {
    /// `.append` for `fetchNextPage()`, `.prepend` for `fetchPreviousPage()`.
    package var edge: LoadDirection
    /// How many rows were shown when it called: it gets how many more there are.
    package var shownBefore: Int
    /// Whether a load of its edge (or, before a first page, the first page) ran in its wait, or
    /// its edge had no more pages when it called: the end answers it, even if the cap drops
    /// pages there before it returns (R26).
    package var served = false
    /// Whether the app's `cancel()`, a query change or a refresh that failed for good ended its
    /// wait (each drops the loads remembered during a refresh, R15, R24), or a refresh
    /// cancelled the automatic retry of its edge that it waited for (R2).
    package var excused = false
  }

  /// What led to the machine's events of one step: decides whether a refresh request begins a
  /// refresh or goes on with the one in flight (a retry, the next page of a re-fetch).
  private enum Cause {
    case user
    case userRefresh(RefreshPolicy)
    case goesOn
  }

  package let configuration: ExplorerConfiguration
  package private(set) var machine: ExplorerMachine
  package private(set) var model = WindowModel()
  package private(set) var outstanding: [Outstanding] = []
  /// The index in the shown rows of the viewport's first row.
  package private(set) var top = 0
  /// The rows that appeared and have not disappeared, top first.
  package private(set) var visible: [Int] = []
  /// In a counted list: the placeholders on screen, by position in the server's list, top
  /// first (R31).
  package private(set) var shownPlaceholders: [Int] = []
  /// In a list that jumps: the positions in `machine.rows` that showed a row when the step
  /// began, whether the viewport stayed (a refresh, an invalidation or a jump keeps them rows).
  private var rowsOnScreenBefore: [Int] = []
  /// Whether the rows on screen were a previous query's when the step began: the query's
  /// first page replaces them, a new list (R24).
  private var previousQueryBefore = false
  package private(set) var filter: ExplorerFilter?
  package private(set) var query = 0
  package private(set) var changed: Set<Int> = []
  package private(set) var inserts = 0
  package private(set) var started = false
  /// The callers waiting for a page, at most one per edge (a second behaves as the first).
  package private(set) var callers: [Caller] = []
  /// Whether the app's `cancel()` stopped the loads since anything last started (after it,
  /// only a trigger loads again: R4, R18).
  package private(set) var cancelledByUser = false
  /// Whether the step being applied checks the invariants.
  private var checking = true
  /// The invariants not checked (known defects, to explore past them).
  package var skipped: Set<ExplorerInvariant> = []
  /// Whether a skipped invariant broke in this state: the search does not go on from it.
  package private(set) var pruned = false
  /// Whether the step committed a page (the cap is checked after those).
  private var committed = false
  /// The visible rows when the step began (a drop keeps clear of them).
  private var visibleBefore: [Int] = []
  /// The edges that had a load in flight when the step began.
  private var loadingBefore: Set<LoadDirection> = []
  /// The rows inserted by edits that were loaded when the step began.
  private var insertedBefore: [ExplorerRow] = []
  /// The automatic retries scheduled before the machine's last event (their directions name
  /// the ones it cancels).
  private var retriesBefore: [ScheduledRetry] = []

  package init(_ configuration: ExplorerConfiguration) {
    self.configuration = configuration
    machine = ExplorerMachine(configuration: configuration.paging)
  }

  // MARK: Events

  /// The events that can happen now, in a fixed order.
  package var enabledEvents: [ExplorerEvent] {
    let kinds = configuration.events
    var events: [ExplorerEvent] = []
    if !started { return [.start] }
    for (age, request) in outstanding.enumerated() {
      if request.live {
        events.append(.answer(age, .page))
        if kinds.contains(.failures) { events.append(.answer(age, .failure)) }
        if kinds.contains(.cancellations) { events.append(.answer(age, .cancelled)) }
        if kinds.contains(.invalidation) { events.append(.answer(age, .invalid)) }
      } else if kinds.contains(.lateAnswers) {
        events.append(.answer(age, .page))
      }
    }
    for retry in machine.scheduledRetries { events.append(.retryTimer(retry.direction)) }
    for (age, request) in outstanding.enumerated() where request.hedgeTimer {
      events.append(.hedgeTimer(age))
    }
    let count = listCount
    let height = configuration.viewportHeight
    if top + height < count { events.append(.scroll(1)) }
    if top > 0 { events.append(.scroll(-1)) }
    if kinds.contains(.jumps) {
      if top > 1 { events.append(.jumpToTop) }
      if top + 1 + height < count { events.append(.jumpToBottom) }
    }
    if kinds.contains(.explicitLoads) {
      events.append(.loadNextPage)
      events.append(.loadPreviousPage)
    }
    if kinds.contains(.callers) {
      if !callers.contains(where: { $0.edge == .append }) { events.append(.fetchNextPage) }
      if !callers.contains(where: { $0.edge == .prepend }) { events.append(.fetchPreviousPage) }
    }
    if kinds.contains(.userControls) {
      if LoadDirection.allCases.contains(where: { machine.loadState($0).error != nil }) {
        events.append(.retry)
      }
      if outstanding.contains(where: \.live) || !machine.scheduledRetries.isEmpty {
        events.append(.cancel)
      }
    }
    if kinds.contains(.refresh) { events.append(.refresh(nil)) }
    if kinds.contains(.invalidation) { events.append(.invalidate) }
    if kinds.contains(.refreshPolicies) {
      for policy in configuration.policies { events.append(.refresh(policy)) }
    }
    if kinds.contains(.edits) {
      for id in configuration.editIDs.map({ $0 + 100 * query }) {
        if model.edit(of: id)?.kind != .remove { events.append(.remove(id)) }
        if machine.loadedItems.contains(where: { $0.id == id }) {
          if model.edit(of: id)?.kind != .update { events.append(.update(id)) }
          if inserts == 0 { events.append(.insertAfter(id)) }
        }
      }
    }
    if kinds.contains(.filters) {
      for candidate in configuration.filters where candidate != filter {
        events.append(.filter(candidate))
      }
      if filter != nil { events.append(.filter(nil)) }
    }
    if kinds.contains(.queries) {
      events.append(.query(1 - query, .clear))
      events.append(.query(1 - query, .keepPrevious))
    }
    if kinds.contains(.relaunch), model.loaded { events.append(.relaunch) }
    if kinds.contains(.serverChanges) {
      for id in configuration.editIDs.prefix(1) where !changed.contains(id + 100 * query) {
        events.append(.serverChange(id + 100 * query))
      }
    }
    return events
  }

  /// Applies `event`, then lets the list show the rows that changed (they appear, those gone
  /// disappear), and checks the invariants of every step.
  /// - Throws: The first invariant broken (only while `checking`).
  package mutating func apply(_ event: ExplorerEvent, checking: Bool = true)
    throws(ExplorerViolation)
  {
    self.checking = checking
    committed = false
    visibleBefore = visible
    loadingBefore = Set(outstanding.filter(\.live).map(\.request.direction))
    let inserted = model.insertedIDs
    insertedBefore = inserted.isEmpty ? [] : machine.loadedItems.filter { inserted.contains($0.id) }
    let before = machine.items.count
    rowsOnScreenBefore = rowPositionsOnScreen
    previousQueryBefore = machine.isShowingPreviousQuery || model.showingPrevious
    switch event {
    case .start:
      started = true
      try send(.start, .user)
    case .scroll(let rows): top = max(0, top + rows)
    case .jumpToTop: top = 0
    case .jumpToBottom: top = max(0, listCount - configuration.viewportHeight)
    case .answer(let age, let answer): try deliver(answer, to: age)
    case .retryTimer(let direction):
      guard let retry = machine.scheduledRetries.first(where: { $0.direction == direction })
      else { return }
      try send(.retryTimerFired(retry.id), .goesOn)
    case .hedgeTimer(let age):
      guard outstanding.indices.contains(age) else { return }
      outstanding[age].hedgeTimer = false
      try send(.hedgeTimerFired(outstanding[age].request.id), .goesOn)
    case .loadNextPage: try send(.loadNextPage, .user)
    case .loadPreviousPage: try send(.loadPreviousPage, .user)
    case .fetchNextPage: try fetch(.append)
    case .fetchPreviousPage: try fetch(.prepend)
    case .retry: try send(.retry, .goesOn)
    case .cancel:
      for index in callers.indices { callers[index].excused = true }
      model.cancelRefresh()
      try send(.cancel, .user)
      cancelledByUser = true
    case .refresh(let policy):
      let policy = policy ?? configuration.refreshPolicy
      try send(.refreshWith(policy), .userRefresh(policy))
    case .remove(let id): try edit(.remove(id), .remove, ExplorerRow(id: id, version: 2))
    case .update(let id):
      let row = ExplorerRow(id: id, version: 2)
      try edit(.update(row), .update, row)
    case .insertAfter(let id):
      let row = ExplorerRow(id: 1_000 + inserts, version: 2)
      inserts += 1
      try edit(.insert(row, at: .after(id)), .insert(after: id), row)
    case .filter(let filter):
      self.filter = filter
      try send(.setFilter(filter?.predicate), .user)
    case .query(let query, let transition):
      // The pages the callers wait for were the old query's: the change drops them (R24).
      for index in callers.indices { callers[index].excused = true }
      self.query = query
      model.changeQuery(transition, loadedOrder: machine.loadedItems.map(\.id))
      try send(.setQuery(query, transition: transition), .user)
    case .relaunch: try relaunch()
    case .serverChange(let id): changed.insert(id)
    // Reloads like a refresh around the anchor, whatever the configuration's policy, and
    // supersedes one in flight (R30).
    case .invalidate: try send(.invalidate, .userRefresh(.aroundAnchor))
    }
    switch event {
    case .scroll, .jumpToTop, .jumpToBottom: try render(moved: true)
    default: try render(moved: false)
    }
    try answerCallers()
    if checking {
      try checkStep(itemsBefore: before)
      if keepsThePlace(after: event) { try report(placeViolation()) }
    }
  }

  /// The length of the list the viewport scrolls: the rows with their placeholders in a
  /// counted list, else the shown rows.
  private var listCount: Int {
    configuration.hasPlaceholders ? machine.rows.count : machine.items.count
  }

  /// The positions in `machine.rows` of the rows (not placeholders) on screen, in a list that
  /// jumps; empty otherwise.
  private var rowPositionsOnScreen: [Int] {
    guard configuration.jumpThreshold != nil else { return [] }
    let rows = machine.rows
    let height = configuration.viewportHeight
    return (top..<min(rows.count, top + height)).filter { rows[$0].item != nil }
  }

  /// Whether `event` must leave the rows on screen rows (R31): everything but the viewport's
  /// moves and what changes the rows themselves (edits, filters, queries, a relaunch, the
  /// server's changes), in a list that jumps.
  private func keepsThePlace(after event: ExplorerEvent) -> Bool {
    // A row inserted or removed by an edit moves the positions after it by one, which no
    // server position accounts for: the positions on screen are the rows' own only without
    // edits in force.
    guard configuration.jumpThreshold != nil, !rowsOnScreenBefore.isEmpty, !previousQueryBefore,
      model.edits.isEmpty
    else { return false }
    switch event {
    case .scroll, .jumpToTop, .jumpToBottom, .remove, .update, .insertAfter, .filter, .query,
      .relaunch, .serverChange, .start:
      return false
    default: return true
    }
  }

  /// A row on screen that went back to a placeholder while the viewport stayed (R31).
  private func placeViolation() -> ExplorerViolation? {
    let rows = machine.rows
    for position in rowsOnScreenBefore where position < rows.count && rows[position].item == nil {
      return ExplorerViolation(
        .placeholders,
        "the row at position \(position), on screen, went back to a placeholder (rows on "
          + "screen before: \(rowsOnScreenBefore))")
    }
    return nil
  }

  // MARK: Callers waiting for a page

  /// A caller calls `fetchNextPage()` (`.append`) or `fetchPreviousPage()` (`.prepend`): the
  /// paginator sends the explicit load, and the caller waits.
  private mutating func fetch(_ edge: LoadDirection) throws(ExplorerViolation) {
    let live = outstanding.filter(\.live).map(\.request.direction)
    let served =
      !hasMore(at: edge) || live.contains(edge) || (!model.loaded && live.contains(.refresh))
    callers.append(Caller(edge: edge, shownBefore: machine.items.count, served: served))
    try send(edge == .append ? .loadNextPage : .loadPreviousPage, .user)
  }

  /// Whether the machine says pages may lie beyond `edge` (`hasNextPage`, `hasPreviousPage`).
  private func hasMore(at edge: LoadDirection) -> Bool {
    edge == .append ? machine.hasNextPage : machine.hasPreviousPage
  }

  /// Answers the callers with nothing left to wait for, as `Paginator.fetchNextPage()` does
  /// (an error, or how many rows were added). One that gets 0 without an error while its edge
  /// has more pages, and had no load of its edge run for it, would make a loop over the call
  /// spin (R15, fault classes 8 and 14).
  private mutating func answerCallers() throws(ExplorerViolation) {
    guard !callers.isEmpty, !outstanding.contains(where: \.live) else { return }
    let shown = machine.items.count
    let waiting = callers.filter { machine.fetchRetry(at: $0.edge) != nil }
    let answered = callers.filter { !waiting.contains($0) }
    callers = waiting
    for caller in answered {
      if machine.fetchError(at: caller.edge) != nil || shown > caller.shownBefore { continue }
      guard hasMore(at: caller.edge), !caller.served, !caller.excused else { continue }
      let call = caller.edge == .append ? "fetchNextPage()" : "fetchPreviousPage()"
      try report(
        ExplorerViolation(
          .callers,
          "\(call) returned 0 with no error while its edge has more pages, and no load of its "
            + "edge ran for it: a loop over it would spin"))
    }
  }

  private mutating func edit(
    _ edit: PagingEdit<ExplorerRow>, _ kind: WindowModel.ModelEdit.Kind, _ row: ExplorerRow
  ) throws(ExplorerViolation) {
    guard (try? machine.validate(edit)) != nil else { return }
    model.record(kind, row)
    try send(.edit(edit), .user)
  }

  private mutating func deliver(_ answer: ExplorerAnswer, to age: Int) throws(ExplorerViolation) {
    guard outstanding.indices.contains(age) else { return }
    let record = outstanding.remove(at: age)
    let request = record.request
    let id = request.id
    defer {
      // A refresh that failed for good drops the loads remembered during it (R15), also one
      // that its source cancelled too often (R13).
      if request.direction == .refresh, answer != .page,
        machine.loadState(.refresh).error != nil,
        !machine.scheduledRetries.contains(where: { $0.direction == .refresh })
      {
        for index in callers.indices { callers[index].excused = true }
      }
    }
    switch answer {
    case .failure: try send(.loadFailed(id, ExplorerServerError()), .goesOn)
    case .cancelled: try send(.loadCancelled(id), .goesOn)
    case .invalid:
      // The list invalidates itself (R30): a new refresh around the anchor, unless the answer
      // is late or the third in a row.
      try send(.loadFailed(id, PageSourceInvalidated()), .userRefresh(.aroundAnchor))
    case .page:
      let cursor = request.cursor ?? configuration.openAt
      let requestQuery = request.query(as: Int.self) ?? 0
      let rows = configuration.rows(at: cursor, query: requestQuery, changed: changed) ?? []
      let count = configuration.pages.count
      let counts = configuration.hasPlaceholders ? configuration.counts(around: cursor) : nil
      let page = Page(
        items: rows, nextCursor: cursor + 1 < count ? cursor + 1 : nil,
        previousCursor: cursor > 0 ? cursor - 1 : nil, itemsBefore: counts?.before,
        itemsAfter: counts?.after)
      retriesBefore = machine.scheduledRetries
      let effects = machine.handle(.loadCompleted(id, page))
      if record.live {
        committed = true
        switch request.direction {
        case .refresh:
          let next = effects.lazy.compactMap { effect -> PageRequest<Int>? in
            // The next page of a re-fetch; a jump that follows the commit is a refresh of its own.
            if case .startLoad(let next) = effect, next.direction == .refresh, !next.isHedge,
              !next.isJump
            {
              return next
            }
            return nil
          }.first
          if next != nil {
            // A refresh that keeps the place planned again from the screen starts its pages
            // again (its fetched pages are none); any other goes on at the next page (R31, R27).
            if machine.allLoadedRefresh?.fetched.isEmpty == true {
              model.restartFetch()
            } else {
              model.fetch(cursor: cursor, rows: rows)
            }
          } else {
            model.commitRefresh(
              cursor: cursor, rows: rows, policy: configuration.duplicatePolicy,
              isJump: request.isJump)
          }
        default:
          model.commitEdge(
            request.direction, cursor: cursor, rows: rows, policy: configuration.duplicatePolicy)
        }
        try explainDrops()
      }
      try process(effects, .goesOn, answered: request)
    }
  }

  /// The app is relaunched: the snapshot is restored into a new machine, which shows its rows,
  /// gets the filter again and refreshes by the configuration's policy (R28).
  private mutating func relaunch() throws(ExplorerViolation) {
    // A snapshot that loses rows or places (a skipped violation) would mislead the model.
    if checking, let violation = snapshotViolation() {
      try report(violation)
      pruned = true
    }
    let snapshot = machine.snapshot()
    model.relaunch(loadedOrder: machine.loadedItems.map(\.id))
    var fresh = ExplorerMachine(configuration: configuration.paging)
    try? fresh.restore(snapshot)
    machine = fresh
    outstanding = []
    visible = []
    shownPlaceholders = []
    callers = []  // the process that waited ended
    if let filter { try send(.setFilter(filter.predicate), .user) }
    try send(.refreshWith(configuration.refreshPolicy), .userRefresh(configuration.refreshPolicy))
  }

  // MARK: The machine's effects

  private mutating func send(_ event: PagingEvent<ExplorerRow, Int>, _ cause: Cause)
    throws(ExplorerViolation)
  {
    retriesBefore = machine.scheduledRetries
    let effects = machine.handle(event)
    try process(effects, cause, answered: nil)
  }

  private mutating func process(
    _ effects: [PagingEffect<Int>], _ cause: Cause, answered: PageRequest<Int>?
  ) throws(ExplorerViolation) {
    for effect in effects {
      switch effect {
      case .cancelLoad(let id):
        guard let index = outstanding.firstIndex(where: { $0.request.id == id }) else { continue }
        // A jump abandoned (its landing left the screen) ends its refresh, as `cancel()` does.
        if outstanding[index].request.isJump, machine.refreshRequest == nil {
          model.cancelRefresh()
        }
        outstanding[index].live = false
        outstanding[index].hedgeTimer = false
        // One late answer at most is kept: an older one is never answered.
        if let older = outstanding.indices.first(where: { $0 != index && !outstanding[$0].live }) {
          outstanding.remove(at: older)
        }
      case .startLoad(let request):
        cancelledByUser = false
        // A jump replaces the window a caller asked a page of, in a new generation, as a query
        // change does: the caller gets what the window it waited on added, and its next call
        // loads at the new window's edge (R15, R31).
        if request.isJump {
          for index in callers.indices { callers[index].excused = true }
        }
        for index in callers.indices
        where request.direction == callers[index].edge
          || (request.direction == .refresh && !model.loaded)
        {
          callers[index].served = true
        }
        let found = violation(of: request, cause, answered: answered)
        // A refresh begins with a user's call; a retry or a reload goes on with the one in
        // flight, unless the user's cancel() ended it.
        if request.direction == .refresh, !request.isHedge {
          // A jump is a new refresh, whatever runs (R31).
          if case .goesOn = cause, model.refreshMark != nil, !request.isJump {
          } else {
            model.beginRefresh()
          }
        }
        try report(found)
        outstanding.append(Outstanding(request: request, hedgeTimer: false))
      case .scheduleHedge(let id, _):
        // The hedge's timer may fire from now on (R22).
        if let index = outstanding.firstIndex(where: { $0.request.id == id }) {
          outstanding[index].hedgeTimer = true
        }
      case .cancelRetry(let id):
        // A retry a caller waited for, cancelled by a refresh that supersedes the edge's load
        // (R2), a query change or `cancel()`: the caller's wait ends without its page.
        guard let retry = retriesBefore.first(where: { $0.id == id }) else { continue }
        for index in callers.indices where callers[index].edge == retry.direction {
          callers[index].excused = true
        }
      case .scheduleRetry: break
      }
    }
  }

  /// A request the machine starts: one a correct engine may send now (R1, R5, R11, R22, R27).
  private func violation(
    of request: PageRequest<Int>, _ cause: Cause, answered: PageRequest<Int>?
  ) -> ExplorerViolation? {
    let live = outstanding.filter(\.live).map(\.request)
    let pageCount = configuration.pages.count
    func fail(_ invariant: ExplorerInvariant, _ what: String) -> ExplorerViolation {
      ExplorerViolation(invariant, "\(what): \(request)")
    }
    guard let cursor = request.cursor, (0..<pageCount).contains(cursor) else {
      return fail(.requests, "a request past either end")
    }
    if request.isHedge {
      guard
        live.contains(where: {
          $0.direction == request.direction && $0.cursor == cursor && !$0.isHedge
        })
      else { return fail(.requests, "a hedge of no load in flight") }
      return nil
    }
    if live.contains(where: { $0.direction == request.direction }) {
      return fail(.requests, "a second load in flight in one direction")
    }
    if let other = live.first(where: {
      $0.cursor == cursor && $0.query(as: Int.self) == request.query(as: Int.self)
    }) {
      return fail(.requests, "cursor \(cursor) is in flight already (\(other))")
    }
    guard request.direction != .refresh else {
      return refreshPlaceViolation(request, cause, answered: answered)
    }
    let expected =
      request.direction == .append
      ? model.appendCursor(pageCount: pageCount) : model.prependCursor(pageCount: pageCount)
    if model.pages.contains(where: { $0.cursor == cursor }) {
      return fail(.requests, "cursor \(cursor)'s page is held")
    }
    guard expected == cursor else {
      return fail(
        .requests,
        expected == nil
          ? "a \(request.direction) past the \(request.direction == .append ? "end" : "start")"
          : "the \(request.direction) edge is at cursor \(expected!)")
    }
    return nil
  }

  /// A refresh by a policy loads where R27 says: the origin, the page holding the top visible
  /// row, or the first of the pages it keeps and then each fresh page's next cursor.
  private func refreshPlaceViolation(
    _ request: PageRequest<Int>, _ cause: Cause, answered: PageRequest<Int>?
  ) -> ExplorerViolation? {
    let cursor = request.cursor ?? configuration.openAt
    if let answered, answered.direction == .refresh,
      !model.fetched.isEmpty || model.refreshMark != nil,
      case .goesOn = cause, (answered.cursor ?? 0) + 1 == cursor || answered.cursor == cursor
    {
      return nil
    }
    guard case .userRefresh(let policy) = cause, !model.showingPrevious else { return nil }
    if configuration.jumpThreshold != nil, let place = positionRefreshPlace(policy) {
      guard request.cursor != place.cursor else { return nil }
      return ExplorerViolation(
        .refreshPlace,
        "a refresh \(ExplorerEvent.literal(policy)) with position \(place.top) on top went to "
          + "cursor \(request.cursor.map(String.init) ?? "none"), not \(place.cursor): \(request)")
    }
    let pages = model.pages
    // With only placeholders on screen (a counted list), the scroll anchor stands for the top
    // row, as the machine takes it.
    let topRow =
      visible.first { id in pages.contains { $0.rows.contains { $0.id == id } } }
      ?? (visible.isEmpty ? machine.scrollAnchor : nil)
    let topPage = topRow.flatMap { model.page(holding: $0) }
    let expected: Int?
    switch policy {
    case .fromStart: expected = nil
    case .aroundAnchor: expected = topPage.map { pages[$0].cursor }
    case .allLoaded(let limit):
      guard !pages.isEmpty else { return nil }
      let first = pages.count <= limit ? 0 : min(topPage ?? 0, pages.count - limit)
      expected = pages[first].cursor
    }
    guard let expected, expected != cursor else { return nil }
    return ExplorerViolation(
      .refreshPlace,
      "a refresh \(ExplorerEvent.literal(policy)) with row \(topRow.map(String.init) ?? "none") "
        + "on top went to cursor \(cursor), not \(expected): \(request)")
  }

  // MARK: The viewport

  /// The list shows the machine's rows: unless the user moved it, the viewport keeps its top
  /// row in place (or the scroll anchor, when the top row is gone), the rows entering it
  /// appear and those leaving it disappear.
  private mutating func render(moved: Bool) throws(ExplorerViolation) {
    if configuration.hasPlaceholders { return try renderRows() }
    let shown = machine.items.map(\.id)
    let height = configuration.viewportHeight
    if !moved {
      if let first = visible.first, let index = shown.firstIndex(of: first) {
        top = index
      } else if let anchor = machine.scrollAnchor, let index = shown.firstIndex(of: anchor) {
        top = index
      }
    }
    top = max(0, min(top, shown.count - height))
    let window = Array(shown.dropFirst(top).prefix(height))
    let entering = window.filter { !visible.contains($0) }
    let leaving = visible.filter { !window.contains($0) }
    visible = window
    for id in entering { try send(.rowAppeared(.id(id)), .goesOn) }
    for id in leaving { try send(.rowDisappeared(.id(id)), .goesOn) }
  }

  /// A counted list shows `machine.rows` by position, as SwiftUI's `List` keeps its offset: the
  /// rows and placeholders entering the viewport appear, top first, those leaving disappear.
  private mutating func renderRows() throws(ExplorerViolation) {
    let rows = machine.rows
    let height = configuration.viewportHeight
    top = max(0, min(top, rows.count - height))
    let window = rows.isEmpty ? [] : Array(rows[top..<min(rows.count, top + height)])
    let items = window.compactMap { $0.item?.id }
    let placeholders = window.compactMap { row -> Int? in
      if case .placeholder(let position) = row { return position }
      return nil
    }
    let leavingItems = visible.filter { !items.contains($0) }
    let leavingPlaceholders = shownPlaceholders.filter { !placeholders.contains($0) }
    let before = (items: visible, placeholders: shownPlaceholders)
    visible = items
    shownPlaceholders = placeholders
    for row in window {
      switch row {
      case .item(let item) where !before.items.contains(item.id):
        try send(.rowAppeared(.id(item.id)), .goesOn)
      case .placeholder(let position) where !before.placeholders.contains(position):
        try send(.placeholderAppeared(position), .goesOn)
      default: break
      }
    }
    for id in leavingItems { try send(.rowDisappeared(.id(id)), .goesOn) }
    for position in leavingPlaceholders { try send(.placeholderDisappeared(position), .goesOn) }
  }

  /// The visible rows disappear and appear again (a list's redraw): row signals only.
  package mutating func resignal() throws(ExplorerViolation) {
    for id in visible { try send(.rowDisappeared(.id(id)), .goesOn) }
    for position in shownPlaceholders { try send(.placeholderDisappeared(position), .goesOn) }
    for position in shownPlaceholders { try send(.placeholderAppeared(position), .goesOn) }
    for id in visible { try send(.rowAppeared(.id(id)), .goesOn) }
  }

  /// In a list that jumps, a refresh other than the re-fetch of the loaded pages starts at the
  /// page that holds the reload distance above the top row or placeholder on screen (R31): that
  /// top position and page; `nil` when the rule does not apply (the re-fetch of the loaded
  /// pages; nothing on screen, where the refresh goes by its policy).
  private func positionRefreshPlace(_ policy: RefreshPolicy) -> (top: Int, cursor: Int)? {
    if case .allLoaded = policy { return nil }
    let loaded = machine.loadedItems.map(\.id)
    let before = machine.placeholdersBefore
    let positions =
      shownPlaceholders + visible.compactMap { id in loaded.firstIndex(of: id).map { $0 + before } }
    guard let top = positions.min() else { return nil }
    let reload = max(configuration.prefetchDistance, (configuration.paging.maxSize ?? 0) / 4)
    let cursor = ExplorerConfiguration.page(
      holding: max(0, top - reload), sizes: configuration.pages.map(\.count))
    return (top, cursor)
  }

  // MARK: Invariants

  /// Throws `violation` unless the step does not check; a violation of a skipped invariant is
  /// passed over, and the state pruned when the model no longer describes the machine.
  private mutating func report(_ violation: ExplorerViolation?) throws(ExplorerViolation) {
    guard checking, let violation else { return }
    guard !skipped.contains(violation.invariant) else {
      // Past a difference in the rows the model no longer describes the machine; past the
      // others it still does.
      if [.rows, .edits, .uniqueIDs].contains(violation.invariant) { pruned = true }
      return
    }
    throw violation
  }

  /// The machine's loaded rows, the ones inserted locally left out.
  private var machineLoaded: [ExplorerRow] {
    let inserted = model.insertedIDs
    return machine.loadedItems.filter { !inserted.contains($0.id) }
  }

  /// After a commit under a cap, the machine may have dropped pages at either edge: the model
  /// drops the same ones, once each drop is one R26 allows.
  private mutating func explainDrops() throws(ExplorerViolation) {
    guard let maxSize = configuration.paging.maxSize else { return }
    let loaded = machineLoaded
    guard loaded != model.loadedRows else { return }
    let pages = model.pages
    for dropped in 1..<max(1, pages.count) {
      for top in 0...dropped {
        let bottom = dropped - top
        guard model.loadedRows(of: pages[top..<(pages.count - bottom)]) == loaded else {
          continue
        }
        defer { model.drop(top: top, bottom: bottom) }
        let kept = pages.count - dropped
        if kept < 2 {
          return try report(ExplorerViolation(.cap, "a drop cut the window to \(kept) page"))
        }
        // The window before the drop: the dropped pages around the kept rows, with the rows
        // inserted by edits that left with them after the row they were put after.
        var before =
          model.loadedRows(of: pages[..<top]) + Array(machine.loadedItems)
          + model.loadedRows(of: pages[(pages.count - bottom)...])
        for row in insertedBefore where !machine.loadedItems.contains(where: { $0.id == row.id }) {
          let after = model.edits.lazy.compactMap { edit -> Int? in
            if case .insert(let after) = edit.kind, edit.row.id == row.id { after } else { nil }
          }.first
          let index = after.flatMap { id in before.firstIndex { $0.id == id } }
          before.insert(row, at: index.map { $0 + 1 } ?? (top > 0 ? 0 : before.count))
        }
        // The hysteresis: drops start only past the cap plus the largest page.
        if before.count <= maxSize + (pageCounts(of: before, pages: pages).max() ?? 0) {
          return try report(
            ExplorerViolation(
              .cap, "a page dropped although the window held at most the cap plus its largest page")
          )
        }
        let (shownRows, pageOfShown) = shownPages(of: before, pages: pages)
        let positions = visibleBefore.compactMap { shownRows.firstIndex(of: $0) }
        for index in Array(0..<top) + Array((pages.count - bottom)..<pages.count) {
          if isProtected(
            index, atTop: index < top, pageOfShown: pageOfShown, visible: positions)
          {
            return try report(
              ExplorerViolation(
                .cap,
                "page at cursor \(pages[index].cursor) dropped, yet it holds a visible row "
                  + "or lies within the reload distance of one (visible \(visibleBefore))"))
          }
        }
        // The cap drops only what it must.
        let innermost = top > 0 ? top - 1 : pages.count - bottom
        let withOneMore =
          machine.loadedItems.count
          + model.loadedRows(of: pages[innermost...innermost]).count
        if withOneMore <= maxSize {
          return try report(
            ExplorerViolation(.cap, "a page dropped although the window was within the cap"))
        }
        return
      }
    }
  }

  /// The shown rows of `loaded` (every loaded row in order, the ones inserted by edits
  /// included) and the index in `pages` of the page holding each: a server row's page, and for
  /// an inserted row the page of the next server row (the last page at the end), as the
  /// engine's pages own them (R26). Distances are counted in these shown rows (R25).
  private func shownPages(of loaded: [ExplorerRow], pages: [WindowModel.ModelPage]) -> (
    shown: [Int], page: [Int]
  ) {
    var shown: [Int] = []
    var page: [Int] = []
    for (row, index) in zip(loaded, pageOfRows(loaded, pages: pages))
    where filter?.accepts(row) ?? true {
      shown.append(row.id)
      page.append(index)
    }
    return (shown, page)
  }

  /// The index in `pages` of the page holding each row of `loaded`: a server row's page, and
  /// for an inserted row the page of the next server row (the last page at the end).
  private func pageOfRows(_ loaded: [ExplorerRow], pages: [WindowModel.ModelPage]) -> [Int] {
    var pageOfID: [Int: Int] = [:]
    for (index, page) in pages.enumerated() {
      for row in page.rows where pageOfID[row.id] == nil { pageOfID[row.id] = index }
    }
    var pageOfRow = loaded.map { pageOfID[$0.id] }
    var next = pages.count - 1
    for position in pageOfRow.indices.reversed() {
      if let page = pageOfRow[position] { next = page } else { pageOfRow[position] = next }
    }
    return pageOfRow.map { $0 ?? next }
  }

  /// How many rows of `loaded` (shown or hidden, inserted ones included) each page holds, as
  /// the engine's page table counts them (R26).
  private func pageCounts(of loaded: [ExplorerRow], pages: [WindowModel.ModelPage]) -> [Int] {
    var counts = [Int](repeating: 0, count: pages.count)
    for index in pageOfRows(loaded, pages: pages) where counts.indices.contains(index) {
      counts[index] += 1
    }
    return counts
  }

  /// The least a drop leaves between the visible rows and the edge it drops at, in shown rows:
  /// the prefetch distance or a quarter of the cap, whichever is larger; it is also the
  /// distance at which an edge with dropped pages beyond it reloads them (R26).
  private var reloadDistance: Int {
    max(configuration.prefetchDistance, (configuration.paging.maxSize ?? 0) / 4)
  }

  /// Whether the page at `index`, at an edge of the window or beyond the pages kept at that
  /// edge, may not drop: once it and the pages beyond it are gone, fewer shown rows than the
  /// reload distance would lie between the visible rows and that edge (a visible row of its
  /// own counts as less than none), so the drop would trigger its own reload (R25, R26).
  /// `pageOfShown` gives each shown row's page.
  private func isProtected(_ index: Int, atTop: Bool, pageOfShown: [Int], visible: [Int])
    -> Bool
  {
    // With no row shown (a filter hides them all), the list counts as at both edges (R4):
    // a dropped page would load again at once, so none drops (R26).
    if pageOfShown.isEmpty { return true }
    guard let low = visible.min(), let high = visible.max() else { return false }
    let distance = reloadDistance
    if atTop { return low - pageOfShown.count(where: { $0 <= index }) < distance }
    return pageOfShown.count - 1 - high - pageOfShown.count(where: { $0 >= index }) < distance
  }

  private mutating func checkStep(itemsBefore: Int) throws(ExplorerViolation) {
    if machine.metrics.internalInconsistencies > 0 {
      try report(
        ExplorerViolation(
          .consistency,
          "\(machine.metrics.internalInconsistencies) states the rules rule out: "
            + LoadDirection.allCases.map { "\($0) \(machine.loadState($0))" }.joined(
              separator: ", ")))
    }
    let shown = machine.items.map(\.id)
    if Set(shown).count != shown.count
      || Set(machine.loadedItems.map(\.id)).count
        != machine.loadedItems.count
    {
      try report(ExplorerViolation(.uniqueIDs, "an id shows twice: \(shown)"))
    }
    if let anchor = machine.scrollAnchor, !shown.contains(anchor) {
      try report(ExplorerViolation(.anchor, "the anchor \(anchor) is not a shown row (\(shown))"))
    }
    try report(rowsViolation())
    if committed { try report(capViolation()) }
    try report(countsViolation())
  }

  /// The placeholders are the server's rows before the model's first page and after its last,
  /// none beyond an edge at its end (R31).
  private func countsViolation() -> ExplorerViolation? {
    guard configuration.hasPlaceholders, model.loaded, let first = model.pages.first,
      let last = model.pages.last
    else { return nil }
    let pageCount = configuration.pages.count
    let before = first.cursor == 0 ? 0 : configuration.counts(around: first.cursor).before
    let after = last.cursor == pageCount - 1 ? 0 : configuration.counts(around: last.cursor).after
    guard machine.placeholdersBefore != before || machine.placeholdersAfter != after else {
      return nil
    }
    return ExplorerViolation(
      .placeholders,
      "placeholders \(machine.placeholdersBefore) before and \(machine.placeholdersAfter) after, "
        + "not \(before) and \(after)")
  }

  private func rowsViolation() -> ExplorerViolation? {
    let inserted = model.insertedIDs
    let expected = model.loadedRows
    let loaded = machineLoaded
    let expectedShown = expected.filter { filter?.accepts($0) ?? true }
    let shown = machine.items.filter { !inserted.contains($0.id) }
    // An inserted row stays loaded while the row it was put after is (R23).
    for edit in model.edits {
      guard case .insert(let after) = edit.kind, inserted.contains(edit.row.id),
        machine.loadedItems.contains(where: { $0.id == after }),
        !machine.loadedItems.contains(where: { $0.id == edit.row.id })
      else { continue }
      return ExplorerViolation(.edits, "inserted row \(edit.row.id) is gone")
    }
    guard loaded != expected || !shown.elementsEqual(expectedShown) else { return nil }
    // A difference in a row that an edit in force names breaks R23.
    let byID = Dictionary(loaded.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
    for edit in model.edits where model.edit(of: edit.row.id) == edit {
      switch edit.kind {
      case .remove where byID[edit.row.id] != nil:
        return ExplorerViolation(
          .edits, "removed row \(edit.row.id) is back: \(shown) (expected \(expectedShown))")
      case .update where byID[edit.row.id].map({ $0 != edit.row }) ?? false:
        return ExplorerViolation(
          .edits,
          "updated row \(edit.row.id) shows \(byID[edit.row.id]!): \(shown) "
            + "(expected \(expectedShown))")
      default: break
      }
    }
    return ExplorerViolation(
      .rows,
      "shown \(shown), expected \(expectedShown)"
        + (loaded == expected ? "" : "; loaded \(loaded), expected \(expected)"))
  }

  /// After a commit, a window over the cap plus its largest page (the hysteresis) holds more
  /// than two pages only when no page at either edge may drop: each holds a visible row, lies
  /// within the reload distance of one, or sits at an edge whose load is in flight (R26).
  private func capViolation() -> ExplorerViolation? {
    guard let maxSize = configuration.paging.maxSize else { return nil }
    let count = machine.loadedItems.count
    let pages = model.pages
    let margin = pageCounts(of: Array(machine.loadedItems), pages: pages).max() ?? 0
    guard count > maxSize + margin, pages.count > 2, !machine.isShowingPreviousQuery else {
      return nil
    }
    let (shownRows, pageOfShown) = shownPages(of: Array(machine.loadedItems), pages: pages)
    let positions = visible.compactMap { shownRows.firstIndex(of: $0) }
    let loading = Set(outstanding.filter(\.live).map(\.request.direction))
    guard !loading.contains(.refresh) else { return nil }
    for (index, direction) in [(0, LoadDirection.prepend), (pages.count - 1, .append)]
    where !loading.contains(direction)
      && !isProtected(
        index, atTop: direction == .prepend, pageOfShown: pageOfShown, visible: positions)
    {
      return ExplorerViolation(
        .cap,
        "\(count) rows held over a cap of \(maxSize) in \(pages.count) pages, yet the page at "
          + "cursor \(pages[index].cursor) (\(direction) edge) may drop")
    }
    return nil
  }
}
