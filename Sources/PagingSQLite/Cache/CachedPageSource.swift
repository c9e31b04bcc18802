import Foundation
import Paging

/// A page source whose pages come from a SQLite cache that a network source fills: the
/// database is the list's source of truth (Android Paging 3's `RemoteMediator` with Room).
///
/// ```swift
/// let database = try PagingDatabase(path: path, options: .init(recreateIfUnreadable: true))
/// let source = try CachedPageSource(
///   database: database, list: "feed", remote: PostsSource(),
///   initialize: .launchInitialRefresh(ifOlderThan: .seconds(3600)))
/// let feed = try source.paginator()   // the cached rows at the saved place, 0 requests
/// await feed.start()
/// // When the app leaves:
/// try source.saveAnchor(of: feed)
/// ```
///
/// The paginator's cursor is the page's place in the cache (an `Int`; 0 is the page a refresh
/// from the start loads, appended pages count up and prepended ones down), as Room's paging
/// source keys by position. Each cached page keeps its remote keys: the network cursor that
/// loaded it and the ones the network gave for its neighbours.
///
/// - A page the cache holds is read from it, without a request.
/// - A page past either end of the cache is fetched from `remote` at the neighbour's remote
///   key, written with its rows in one transaction, and read back.
/// - A refresh fetches from the network and replaces the whole cache in one transaction when
///   its page arrives: until then the old rows stay, in the list and in the file, so a crash
///   or a failure mid-refresh leaves the old cache whole. The first refresh a paginator asks
///   for is answered from the cache when ``InitializeAction`` says so.
/// - Offline, the cached pages still scroll; the first page past them fails with the
///   network's error on the edge it loads, and a retry asks the network again at the stored
///   remote key, also after a relaunch.
/// - Local edits made with ``edit(_:in:)`` are written through and kept for the pages that
///   commit after them; a refresh that began after an edit replaces it with the server's
///   version (rulebook R23).
///
/// - Another writer of the same list invalidates the list (rulebook R30): it reloads, from
///   the cache and without a request, the page that now holds the row on screen, which stays
///   where it is (the cache's first page when another writer's refresh dropped that row).
///   Another source in this process tells the list at once, when its refresh or edit commits;
///   another process is found by polling SQLite's `PRAGMA data_version`, every second by
///   default on the paginator's clock. A page another writer appended or prepended reloads
///   nothing: the list reads it from the cache when it scrolls there.
///
/// Use one source per paginator.
public final class CachedPageSource<Remote: PageSource>: PageSource, Sendable
where Remote.Item: Codable, Remote.Item.ID: Codable, Remote.Cursor: Codable {
  /// The items, as the network source returns them.
  public typealias Item = Remote.Item
  /// A page's place in the cache.
  public typealias Cursor = Int

  /// Whether the remote source's loads are idempotent: a hedge reaches it (a page the cache
  /// holds is read without a request).
  public var loadsAreIdempotent: Bool { remote.loadsAreIdempotent }

  private struct State: Sendable {
    /// Whether a refresh was asked for yet (the first is the one ``InitializeAction`` covers).
    var sawRefresh = false
    /// The paginator generation whose refresh the cache holds (answered from the cache or
    /// committed from the network); loads of older generations are stale.
    var live: Generation?
    /// The version of the cache the list's rows come from: another writer's commit changes
    /// it, and the list invalidates.
    var seen: PageCache<Item, Remote.Cursor>.Version?
    /// The generation of the refresh that an invalidation asked for: it reads the cache,
    /// which already holds the other writer's change, not the network.
    var reload: Generation?
    /// The newest generation whose refresh was asked for: an older refresh's answer, arriving
    /// after it (a query changed twice), is superseded and never commits (R9, R24).
    var newest: Generation?
    /// SQLite's `data_version` at the last poll.
    var dataVersion: Int?
    /// The sequence number of the list's last edit when the network refresh of `generation`
    /// first asked the network: when it commits, the edits up to it yield to the server's
    /// answer and later ones, by any writer of the file, hold (R23). Its retries keep it.
    var refreshMark: (generation: Generation, lastEdit: Int)?
    /// The first edit this source wrote in each generation, oldest first: an edit the list made
    /// after a refresh began holds when it commits even when it was written before the
    /// refresh's load read its mark (the load runs after the paginator's generation moved).
    var ownEdits: [(generation: Generation, sequence: Int)] = []
    /// The cache generation this source's last network refresh wrote: a query the file cannot
    /// restore is known to be the list's own only in that cache.
    var wrote: Int?
  }

  private enum RefreshKind { case stale, continuation, initial, reload, network }

  /// The paginator this source serves, held weakly: the paginator holds the source.
  @MainActor private final class Served {
    weak var paginator: Paginator<Item, Int>?
    nonisolated init() {}
  }

  /// The database the pages are kept in.
  public let database: PagingDatabase
  /// The network source that fills the cache.
  public let remote: Remote
  /// Whether pages count the cached rows before and after them, so that the list has the
  /// cache's length with placeholders, and can jump (rulebook R31).
  public let countsRows: Bool
  private let cache: PageCache<Item, Remote.Cursor>
  private let remoteInitialCursor: Remote.Cursor?
  private let initialize: InitializeAction
  private let now: @Sendable () -> Date
  private let state = Locked(State())
  private let served: Served
  /// The list's key in ``CacheChangeCenter``.
  private let changeKey: String

  /// Creates a source over the list named `list` in `database`.
  /// - Parameters:
  ///   - database: The database.
  ///   - list: The list's name; lists with other names in the same file are separate.
  ///   - remote: The network source that fills the cache.
  ///   - remoteInitialCursor: The network cursor of the list's first page (default `nil`).
  ///   - initialize: What the first refresh does when the cache holds its page (default:
  ///     always refresh from the network).
  ///   - now: The wall clock that stamps pages and ages the cache (default `Date.init`).
  ///   - countsRows: Whether each page counts the cached rows before and after it, in the
  ///     transaction that reads it (default `false`): the list then has the cache's length,
  ///     with a placeholder for each row not loaded, and a placeholder far away loads the cached
  ///     page that holds it in one read, a jump (rulebook R31). The count is the cache's, never
  ///     the network's total, so the last cached row still loads the network's next page. Two
  ///     counts over the rows' index per page: O(*n*) for *n* cached rows.
  /// - Throws: ``PagingDatabaseError`` when the file cannot be written.
  public init(
    database: PagingDatabase, list: String, remote: Remote,
    remoteInitialCursor: Remote.Cursor? = nil,
    initialize: InitializeAction = .launchInitialRefresh,
    now: @escaping @Sendable () -> Date = { Date() }, countsRows: Bool = false
  ) throws(PagingDatabaseError) {
    self.database = database
    self.remote = remote
    self.countsRows = countsRows
    self.cache = PageCache(list: list)
    self.remoteInitialCursor = remoteInitialCursor
    self.initialize = initialize
    self.now = now
    self.served = Served()
    self.changeKey = CacheChangeCenter.key(path: database.path, list: list)
    // A file written before lists kept their query gains the column when opened for writing.
    let query = PageCacheSchema.queryColumn
    if !database.isReadOnly,
      try database.withConnection({ try !$0.hasColumn(query.name, in: "paging_list") })
    {
      try database.write { try $0.addColumnIfMissing(query, to: "paging_list") }
    }
  }

  // MARK: Opening the list

  /// A paginator over this source that shows the cached pages at once, around the saved
  /// anchor (``saveAnchor(of:)``), before any request, then revalidates them with a refresh
  /// as ``InitializeAction`` says (rulebook R28). With nothing cached it is an empty paginator;
  /// call `start()` either way.
  /// - Parameters:
  ///   - configuration: The rules; its `initialCursor` is set to 0, the
  ///     cache's first page. With `maxSize` set, at most that many
  ///     cached rows are shown at first (whole pages, from the anchor's page outwards).
  ///   - clock: The clock that automatic retries and the poll wait on.
  ///   - pollInterval: How often the list asks SQLite whether another process committed to
  ///     the file (`PRAGMA data_version`, one read on the main actor), and invalidates when
  ///     that commit changed this list's rows (default 1 s; `nil`: never, for a file no other
  ///     process writes). Other sources in this process tell the list at once, without it.
  /// - Returns: The paginator.
  /// - Throws: ``PagingDatabaseError`` when the cache cannot be read.
  /// - Complexity: O(*n*) for *n* rows shown.
  @MainActor public func paginator(
    configuration: PagingConfiguration<Int> = PagingConfiguration(),
    clock: any Clock<Duration> = ContinuousClock(),
    pollInterval: Duration? = .seconds(1)
  ) throws(PagingDatabaseError) -> Paginator<Item, Int> {
    try paginator(
      configuration: configuration, clock: clock, timers: SleepingTimerScheduler.timers(for: clock),
      pollInterval: pollInterval)
  }

  /// A paginator over this source that shows the cached pages at once, as
  /// ``paginator(configuration:clock:pollInterval:)`` makes it, whose automatic retries,
  /// hedges and poll are timers set on `timers` (a test passes its `TestClock`).
  /// - Parameters:
  ///   - configuration: The rules; its `initialCursor` is set to 0.
  ///   - clock: The clock that times the loads.
  ///   - timers: Where the automatic retries, hedges and the poll set their timers.
  ///   - pollInterval: How often the list asks SQLite whether another process committed to
  ///     the file, or `nil` for never.
  /// - Returns: The paginator.
  /// - Throws: ``PagingDatabaseError`` when the cache cannot be read.
  /// - Complexity: O(*n*) for *n* rows shown.
  @MainActor package func paginator(
    configuration: PagingConfiguration<Int> = PagingConfiguration(),
    clock: any Clock<Duration>, timers: any PagingTimerScheduler,
    pollInterval: Duration? = .seconds(1)
  ) throws(PagingDatabaseError) -> Paginator<Item, Int> {
    var configuration = configuration
    configuration.initialCursor = 0
    let cache = cache
    let (snapshot, version, dataVersion) = try database.withConnection { db in
      (
        try db.readTransaction {
          try Self.window(db, cache, limit: configuration.maxSize ?? .max, counted: countsRows)
        },
        try cache.version(db), try db.dataVersion()
      )
    }
    let paginator =
      snapshot.flatMap {
        try? Paginator(
          restoring: $0, source: self, configuration: configuration, clock: clock,
          timers: timers)
      } ?? Paginator(source: self, configuration: configuration, clock: clock, timers: timers)
    state.withLock {
      $0.seen = version
      $0.dataVersion = dataVersion
    }
    served.paginator = paginator
    CacheChangeCenter.shared.observe(changeKey, by: ObjectIdentifier(self)) { [weak self] in
      self?.checkForChanges()
    }
    if let pollInterval {
      paginator.pollForInvalidation(every: pollInterval) { [weak self] in
        self?.pollDataVersion()
      }
    }
    return paginator
  }

  deinit { CacheChangeCenter.shared.stopObserving(changeKey, by: ObjectIdentifier(self)) }

  // MARK: Other writers

  /// Invalidates the list when another writer changed its rows in the cache since the list
  /// read them (rulebook R30): the list reloads, from the cache, the page that now holds its
  /// anchored row (the first cached page when that row is gone), in a new generation.
  /// - Complexity: O(pages + visible rows + edits) of the list, and two indexed reads.
  @MainActor private func checkForChanges() {
    guard let paginator = served.paginator else { return }
    let cache = cache
    let row = paginator.anchoredRow
    guard
      let (version, ordinal) = try? database.withConnection({ db in
        (
          try cache.version(db),
          try row.flatMap { try cache.ordinal(db, of: $0) }
            ?? cache.ordinals(db)?.lowerBound
        )
      }),
      state.withLock({ $0.seen }) != version
    else { return }
    state.withLock { $0.seen = version }
    guard let ordinal else { return }
    let before = paginator.generation
    paginator.invalidate(reloadingAt: ordinal)
    guard paginator.generation != before else { return }
    state.withLock { $0.reload = paginator.generation }
  }

  /// One poll: when another connection committed to the file since the last,
  /// ``checkForChanges()``.
  @MainActor private func pollDataVersion() {
    guard
      let dataVersion = try? database.withConnection({ try $0.dataVersion() })
    else { return }
    let changed = state.withLock { state in
      defer { state.dataVersion = dataVersion }
      return state.dataVersion != dataVersion
    }
    if changed { checkForChanges() }
  }

  /// Records that this source's own commit moved the cache from `before` to `after`: the
  /// list shows it, unless another writer's change came between (then the next check finds it).
  private func committed(
    from before: PageCache<Item, Remote.Cursor>.Version,
    to after: PageCache<Item, Remote.Cursor>.Version
  ) {
    state.withLock { state in
      if state.seen == nil || state.seen == before { state.seen = after }
    }
  }

  /// Saves the row the list shows at its top, where ``paginator(configuration:clock:pollInterval:)`` opens
  /// the list after a relaunch.
  /// - Parameter paginator: The paginator over this source.
  /// - Throws: ``PagingDatabaseError``.
  /// - Complexity: O(*n*) for *n* loaded items.
  @MainActor public func saveAnchor(of paginator: Paginator<Item, Int>) throws(PagingDatabaseError)
  {
    let anchor = paginator.snapshot().anchor
    let cache = cache
    try database.write { try cache.setAnchor($0, anchor) }
  }

  /// Applies a local edit to the paginator and writes it through to the cache, where it stays
  /// for the pages that commit later and after a relaunch, until a refresh that began after it
  /// replaces it (rulebook R23).
  /// - Parameters:
  ///   - edit: The edit.
  ///   - paginator: The paginator over this source.
  /// - Throws: `PagingEditError` when the paginator refuses the edit (nothing changes then);
  ///   ``PagingDatabaseError`` when the cache cannot be written (the list shows the edit, the
  ///   cache does not keep it).
  /// - Complexity: O(*n*) for *n* loaded items, and the rows of one page in the cache.
  @MainActor public func edit(_ edit: PagingEdit<Item>, in paginator: Paginator<Item, Int>) throws {
    try paginator.edit(edit)
    let generation = paginator.generation
    let cache = cache
    let (before, after, sequence) = try database.write { db in
      let before = try cache.version(db)
      let sequence = try cache.write(db, edit, in: generation.rawValue)
      return (before, try cache.version(db), sequence)
    }
    state.withLock { state in
      if state.ownEdits.last?.generation != generation {
        state.ownEdits.append((generation, sequence))
      }
    }
    committed(from: before, to: after)
    CacheChangeCenter.shared.post(changeKey, from: ObjectIdentifier(self))
  }

  /// Every cached item of the list, in order.
  /// - Complexity: O(*n*) for *n* cached rows.
  package func cachedItems() throws(PagingDatabaseError) -> [Item] {
    let cache = cache
    return try database.withConnection { try cache.allItems($0) }
  }

  // MARK: Loading

  /// Loads a page: from the cache when it holds it, else from the network into the cache.
  /// - Parameter request: The page's place in the cache, direction and generation.
  /// - Returns: The page as the cache holds it; its cursors are the neighbouring places.
  /// - Throws: What the network source throws (the cache is unchanged then),
  ///   ``PagingDatabaseError`` when the cache cannot be read or written,
  ///   `CancellationError` for a load of a generation a refresh has replaced, and
  ///   `PageSourceInvalidated` when another writer's refresh replaced the page's neighbour
  ///   (the list reloads).
  /// - Complexity: O(*p* log *n*) for a page of *p* rows among the *n* cached, read by index
  ///   or written in one transaction, besides the network source's load.
  public func loadPage(_ request: PageRequest<Int>) async throws -> Page<Item, Int> {
    let key = request.cursor ?? 0
    // A jump reads the cached page there, as a scroll to it would: no network refresh.
    if request.isJump, let page = try jump(request, key) { return page }
    switch request.direction {
    case .refresh: return try await refresh(request, key)
    case .append: return try await fill(request, key, beside: key.saturatingAdding(-1))
    case .prepend: return try await fill(request, key, beside: key.saturatingAdding(1))
    }
  }

  private func refresh(_ request: PageRequest<Int>, _ key: Int) async throws -> Page<Item, Int> {
    let kind = state.withLock { state -> RefreshKind in
      if let live = state.live, request.generation < live { return .stale }
      if state.newest.map({ $0 < request.generation }) ?? true { state.newest = request.generation }
      if state.live == request.generation { return .continuation }
      if state.reload == request.generation { return .reload }
      defer { state.sawRefresh = true }
      return state.sawRefresh ? .network : .initial
    }
    let cache = cache
    switch kind {
    case .stale: throw CancellationError()
    case .continuation: return try await fill(request, key, beside: key.saturatingAdding(-1))
    case .initial, .reload:
      let cached = try database.withConnection { db -> Page<Item, Int>? in
        // The cache answers only for the query its pages are for: a list that searches for
        // something else, or another list over the same rows that searched, asks the network.
        guard let header = try cache.header(db),
          kind == .reload || isFresh(header.refreshedAt),
          PagingSnapshot<Item, Int>.savedQuery(try cache.savedQuery(db), matches: request.query),
          let page = try Self.page(db, cache, at: key, counted: countsRows)
        else { return nil }
        let version = try cache.version(db)
        state.withLock {
          $0.live = request.generation
          $0.seen = version
        }
        return page
      }
      if let cached { return cached }
    case .network: break
    }
    // A refresh from the origin (no cursor) loads the list's first page, and one under another
    // query than the cache's loads that query's (R24): neither reads a stored cursor, which
    // may be where a refresh around the anchor put the first cached page, or another query's.
    let (cursor, lastEdit) = try database.withConnection { db -> (Remote.Cursor?, Int) in
      let lastEdit = try cache.lastEditSequence(db)
      guard request.cursor != nil,
        PagingSnapshot<Item, Int>.savedQuery(try cache.savedQuery(db), matches: request.query)
      else { return (remoteInitialCursor, lastEdit) }
      return (try cache.page(db, at: key)?.cursor ?? remoteInitialCursor, lastEdit)
    }
    let mark = state.withLock { state in
      if let mark = state.refreshMark, mark.generation == request.generation {
        return mark.lastEdit
      }
      state.refreshMark = (request.generation, lastEdit)
      return lastEdit
    }
    let page = try await remote.loadPage(remoteRequest(request, cursor))
    let fetchedAt = now()
    let (stored, replaced) = try database.write { db in
      let superseded = state.withLock { state in
        state.live.map { request.generation.rawValue <= $0.rawValue } ?? false
          || state.newest.map { request.generation < $0 } ?? false
      }
      var replaced = false
      if !superseded {
        let before = try cache.version(db)
        var page = page
        if request.isJump {
          // A jump shows another part of the same list: every edit stays in force, and its
          // page gets them as the list's window does (R23, R31).
          page.items = try cache.overlayPage(
            db, page.items, atStart: page.previousCursor == nil, atEnd: page.nextCursor == nil)
        } else {
          let firstOwn = state.withLock { state in
            state.ownEdits.first { !($0.generation < request.generation) }?.sequence
          }
          try cache.dropEdits(
            db, through: firstOwn.map { min(mark, $0.saturatingAdding(-1)) } ?? mark)
          page.items = try cache.overlayRefresh(db, page.items)
        }
        try cache.replace(
          db, with: page, loadedBy: cursor, at: key, fetchedAt: fetchedAt,
          query: PagingSnapshot<Item, Int>.savedQuery(request.query))
        let wrote = try cache.header(db)?.generation
        state.withLock { state in
          state.live = request.generation
          state.wrote = wrote
          if !request.isJump { state.ownEdits.removeAll { $0.generation < request.generation } }
        }
        committed(from: before, to: try cache.version(db))
        replaced = true
      }
      guard let stored = try Self.page(db, cache, at: key, counted: countsRows) else {
        throw PagingDatabaseError.cacheChanged
      }
      return (stored, replaced)
    }
    if replaced {
      let changeKey = changeKey
      await MainActor.run {
        CacheChangeCenter.shared.post(changeKey, from: ObjectIdentifier(self))
      }
    }
    return stored
  }

  /// A jump's page, read from the cache in a new generation of the list's, or `nil` when the
  /// cache does not hold it, or holds another query's pages (the jump then refreshes as any
  /// refresh does).
  private func jump(_ request: PageRequest<Int>, _ key: Int) throws -> Page<Item, Int>? {
    try checkCurrent(request)
    let cache = cache
    let countsRows = countsRows
    return try database.withConnection { db -> Page<Item, Int>? in
      guard try holdsPages(db, for: request.query),
        let page = try Self.page(db, cache, at: key, counted: countsRows)
      else { return nil }
      let version = try cache.version(db)
      state.withLock {
        $0.live = request.generation
        $0.seen = version
        $0.sawRefresh = true
      }
      return page
    }
  }

  // MARK: Jumps

  /// Whether a list over this source can jump: when pages count the rows around them
  /// (``countsRows``).
  public var jumpingSupported: Bool { countsRows }

  /// The place of the cached page that holds the row at `position` (from 0), or the first
  /// page's when the cache holds fewer rows.
  /// - Parameter position: The row's position in the cached list.
  /// - Returns: The page's place.
  /// - Complexity: O(`position`) over the rows' index.
  public func cursor(around position: Int) -> Int? {
    let cache = cache
    return (try? database.withConnection { try cache.ordinal($0, ofRowAt: position) }) ?? 0
  }

  /// The page at `key`: from the cache, else fetched at the remote key that the page at
  /// `neighbour` gives for it, and committed with its rows in one transaction.
  private func fill(
    _ request: PageRequest<Int>, _ key: Int, beside neighbour: Int
  ) async throws -> Page<Item, Int> {
    try checkCurrent(request)
    let cache = cache
    let found = try database.withConnection { db in
      (
        page: try Self.page(db, cache, at: key, counted: countsRows),
        neighbour: try cache.page(db, at: neighbour), generation: try cache.header(db)?.generation,
        sameQuery: try holdsPages(db, for: request.query)
      )
    }
    // Another list's refresh under another query replaced the cache (R24): its pages, and
    // the remote keys beside them, are that query's, so the list reloads under its own.
    guard found.sameQuery else { return try await changedUnder(request) }
    if let page = found.page { return page }
    guard let beside = found.neighbour else { return try await changedUnder(request) }
    guard let cursor = neighbour > key ? beside.previousCursor : beside.nextCursor else {
      throw PagingDatabaseError.cacheChanged
    }
    let page = try await remote.loadPage(remoteRequest(request, cursor))
    let fetchedAt = now()
    let stored = try database.write { db -> Page<Item, Int>? in
      try checkCurrent(request)
      guard let generation = try cache.header(db)?.generation, generation == found.generation
      else { return nil }
      if try cache.page(db, at: key) == nil {
        var page = page
        page.items = try cache.overlay(db, page.items)
        try cache.insert(
          db, page, loadedBy: cursor, at: key, generation: generation, fetchedAt: fetchedAt)
      }
      guard let stored = try Self.page(db, cache, at: key, counted: countsRows) else {
        throw PagingDatabaseError.cacheChanged
      }
      return stored
    }
    guard let stored else { return try await changedUnder(request) }
    return stored
  }

  /// Whether the cache holds pages for `query`: the query saved beside them restores to it;
  /// or it does not restore (a query that is not `Codable` is saved as its type's name alone,
  /// one whose `Codable` form leaves a field out as that form) and saves as the same text, in
  /// the cache this source's own refresh wrote, which no other writer's refresh replaced.
  private func holdsPages(_ db: SQLiteConnection, for query: (any Hashable & Sendable)?) throws
    -> Bool
  {
    let saved = try cache.savedQuery(db)
    if PagingSnapshot<Item, Int>.savedQuery(saved, matches: query) { return true }
    guard saved == PagingSnapshot<Item, Int>.savedQuery(query),
      let generation = try cache.header(db)?.generation
    else { return false }
    return state.withLock { $0.wrote } == generation
  }

  /// The answer to a load whose neighbour another writer's refresh replaced: the list checks
  /// the cache and invalidates (which makes this answer stale), and the source answers
  /// ``PageSourceInvalidated``, which invalidates the list if nothing else did.
  private func changedUnder(_ request: PageRequest<Int>) async throws -> Page<Item, Int> {
    await MainActor.run { checkForChanges() }
    throw PageSourceInvalidated()
  }

  /// Throws `CancellationError` when a refresh of a later generation holds the cache.
  private func checkCurrent(_ request: PageRequest<Int>) throws {
    let stale = state.withLock { state in state.live.map { request.generation < $0 } ?? false }
    if stale { throw CancellationError() }
  }

  /// Whether a cache refreshed at `refreshedAt` may answer the first refresh.
  private func isFresh(_ refreshedAt: Date) -> Bool {
    switch initialize {
    case .skipInitialRefresh: return true
    case .launchInitialRefresh(let maxAge):
      // A refresh the clock puts in the future (it went back) is as old as can be.
      let age = now().timeIntervalSince(refreshedAt)
      return maxAge > .zero && age >= 0 && age < maxAge.seconds
    }
  }

  /// The network request for `request`'s page at the remote key `cursor`.
  private func remoteRequest(
    _ request: PageRequest<Int>, _ cursor: Remote.Cursor?
  ) -> PageRequest<Remote.Cursor> {
    PageRequest(
      id: request.id, direction: request.direction, cursor: cursor,
      generation: request.generation, query: request.query, isHedge: request.isHedge)
  }

  /// The cached page at `key` as the paginator sees it: its neighbours are the places beside
  /// it, when the cache holds them or the network has them.
  /// With `counted`, the page counts the cached rows before and after it, read in the same
  /// transaction as its rows.
  private static func page(
    _ db: SQLiteConnection, _ cache: PageCache<Item, Remote.Cursor>, at key: Int,
    counted: Bool = false
  ) throws -> Page<Item, Int>? {
    try db.readTransaction {
      guard let stored = try cache.page(db, at: key), let range = try cache.ordinals(db) else {
        return nil
      }
      // Ordinals are the file's: one at either end of `Int` has no neighbour to name.
      guard key > .min, key < .max else {
        throw SQLiteError(code: SQLiteError.corrupt, message: "a page's ordinal is out of range")
      }
      let counts = counted ? try cache.rowCounts(db, around: key) : nil
      return Page(
        items: stored.items,
        nextCursor: key < range.upperBound || stored.nextCursor != nil ? key + 1 : nil,
        previousCursor: key > range.lowerBound || stored.previousCursor != nil ? key - 1 : nil,
        itemsBefore: counts?.before, itemsAfter: counts?.after)
    }
  }

  /// A snapshot of the cached pages around the saved anchor, at most `limit` rows (at least
  /// the anchor's page), or `nil` when nothing is cached.
  private static func window(
    _ db: SQLiteConnection, _ cache: PageCache<Item, Remote.Cursor>, limit: Int, counted: Bool
  ) throws -> PagingSnapshot<Item, Int>? {
    guard let range = try cache.ordinals(db) else { return nil }
    let anchor = try cache.anchor(db)
    let start =
      try anchor.flatMap { try cache.ordinal(db, of: $0) }
      ?? range.lowerBound
    guard let first = try page(db, cache, at: start) else { return nil }
    var pages = [(key: start, page: first)]
    var count = first.items.count
    // The page at `start` was read, so it is no ordinal at either end of `Int`.
    var lower = start - 1
    var upper = start + 1
    var growing = true
    while growing {
      growing = false
      for key in [upper, lower] where range.contains(key) {
        guard let page = try page(db, cache, at: key), count + page.items.count <= limit else {
          continue
        }
        count += page.items.count
        growing = true
        if key == upper {
          pages.append((key, page))
          upper += 1
        } else {
          pages.insert((key, page), at: 0)
          lower -= 1
        }
      }
    }
    if counted, let first = pages.first {
      // Counted once, for the first page; each next page's counts follow from its rows.
      var before = try cache.rowCounts(db, around: first.key).before
      var after = pages.map(\.page.items.count).reduce(0, +) - first.page.items.count
      after += try cache.rowCounts(db, around: pages[pages.count - 1].key).after
      for index in pages.indices {
        after -= index == 0 ? 0 : pages[index].page.items.count
        pages[index].page.itemsBefore = before
        pages[index].page.itemsAfter = after
        before += pages[index].page.items.count
      }
    }
    return .pages(
      pages.map { (cursor: $0.key, page: $0.page) }, initialCursor: 0, anchor: anchor,
      savedQuery: try cache.savedQuery(db))
  }
}
