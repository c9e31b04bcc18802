import Foundation
import Paging
import PagingTestSupport
import PagingTesting
import Testing

/// Public API never traps, whatever the number passed: every setting of
/// ``PagingConfiguration`` at `Int.max`, 0 and negative values (and, for the settings that are
/// durations or fractions, their largest, zero, negative and not-a-number values) either works
/// as what it can mean or is refused with the configuration's typed error. Each setting runs
/// one session that reaches every place the setting is read: pages at both edges, visible rows,
/// automatic retries with their delays, hedges with measured latencies, each refresh policy,
/// edits, a filter, a query, drops under a cap, and a snapshot restored.
@Suite(.timeLimit(.minutes(minuteLimit))) struct ConfigurationExtremesTests {
  static let counts = [Int.max, Int.min, -1, 0, 1]
  static let fractions = [Double.infinity, -.infinity, .nan, 0, -1, 1e300]
  static let durations: [Duration] = [
    .seconds(Int64.max), .zero, .seconds(-1),
    Duration(secondsComponent: Int64.min, attosecondsComponent: 0),
  ]

  /// A configuration named by the setting it takes to an extreme and the value, which is what
  /// the test's log shows of it.
  struct Setting: Sendable, CustomTestStringConvertible {
    let name: String
    let configuration: PagingConfiguration<Int>
    var testDescription: String { name }
  }

  /// Every configuration the tests below run, named by the setting and its value.
  static var configurations: [Setting] {
    var all: [Setting] = []
    func add(_ setting: (String, PagingConfiguration<Int>)) {
      all.append(Setting(name: setting.0, configuration: setting.1))
    }
    for count in counts {
      add(("prefetch: .fixed(\(count))", .init(prefetch: .fixed(count))))
      add(
        ("initialDistance: \(count)", .init(prefetch: .adaptive(.init(initialDistance: count)))))
      add(
        ("minimumDistance: \(count)", .init(prefetch: .adaptive(.init(minimumDistance: count)))))
      add(
        ("maximumDistance: \(count)", .init(prefetch: .adaptive(.init(maximumDistance: count)))))
      add(("samples: \(count)", .init(prefetch: .adaptive(.init(samples: count)))))
      add(
        ("warmUpSamples: \(count)", .init(prefetch: .adaptive(.init(warmUpSamples: count)))))
      add(("maxPagesWithoutNewItems: \(count)", .init(maxPagesWithoutNewItems: count)))
      add(("maxSize: \(count)", .init(maxSize: count)))
      add(
        (
          "maxSize: \(count), prefetch: .fixed(Int.max)",
          .init(prefetch: .fixed(.max), maxSize: count)
        ))
      add(
        (
          "maxAttempts: \(count)",
          .init(retryPolicy: .exponentialBackoff(.init(maxAttempts: count)))
        )
      )
      add(
        (
          "minimumSamples: \(count)",
          .init(hedging: .adaptive(.init(minimumSamples: count)))
        ))
      add(
        ("loadsPerHedge: \(count)", .init(hedging: .adaptive(.init(loadsPerHedge: count)))))
      add(
        ("maximumHedges: \(count)", .init(hedging: .adaptive(.init(maximumHedges: count)))))
      add(
        (
          "afterPercentile minimumSamples: \(count)",
          .init(hedging: .afterPercentile(0.9, minimumSamples: count))
        ))
      add(
        ("allLoaded(limit: \(count))", .init(refreshPolicy: .allLoaded(limit: count))))
    }
    for fraction in fractions {
      add(
        (
          "latencyPercentile: \(fraction)",
          .init(prefetch: .adaptive(.init(latencyPercentile: fraction)))
        ))
      add(
        (
          "multiplier: \(fraction)",
          .init(retryPolicy: .exponentialBackoff(.init(multiplier: fraction)))
        ))
      add(
        ("jitter: \(fraction)", .init(retryPolicy: .exponentialBackoff(.init(jitter: fraction)))))
      add(
        ("percentile: \(fraction)", .init(hedging: .adaptive(.init(percentile: fraction)))))
      add(
        (
          "minimumDelayInMedians: \(fraction)",
          .init(hedging: .adaptive(.init(minimumDelayInMedians: fraction)))
        ))
      add(
        (
          "afterPercentile(\(fraction))",
          .init(hedging: .afterPercentile(fraction, minimumSamples: 1))
        ))
    }
    for duration in durations {
      add(
        (
          "initialDelay: \(duration)",
          .init(retryPolicy: .exponentialBackoff(.init(initialDelay: duration, jitter: 0.5)))
        ))
      add(
        (
          "maxDelay: \(duration)",
          .init(retryPolicy: .exponentialBackoff(.init(maxDelay: duration, jitter: 0.5)))
        ))
      add(("hedging: .after(\(duration))", .init(hedging: .after(duration))))
    }
    add(
      ("seed: UInt64.max", .init(retryPolicy: .exponentialBackoff(.init(seed: .max)))))
    return all
  }

  /// Drives a machine through a session that reads every setting; returns it.
  static func session(_ configuration: PagingConfiguration<Int>) -> Machine {
    var machine = Machine(configuration: configuration)
    var pending: [PageRequest<Int>] = machine.handle(.startAt(1_000)).loads
    var retries: [ScheduledRetry] = []
    var step = 0
    /// Answers every load in flight, in order; a page of 10 rows per cursor (cursors step by
    /// 10, the list from 0 to 2,000); every third load fails once.
    func answer(_ effects: [PagingEffect<Int>]) {
      for effect in effects {
        switch effect {
        case .startLoad(let request): pending.append(request)
        case .scheduleRetry(let retry):
          #expect(retry.delay >= .zero)
          retries.append(retry)
        case .scheduleHedge(_, let delay): #expect(delay >= .zero)
        case .cancelLoad, .cancelRetry: break
        }
      }
    }
    func drain(_ budget: Int) {
      var left = budget
      while left > 0, !pending.isEmpty || !retries.isEmpty {
        left -= 1
        step += 1
        if pending.isEmpty {
          let retry = retries.removeFirst()
          answer(machine.handle(.retryTimerFired(retry.id)))
          continue
        }
        let request = pending.removeFirst()
        _ = machine.hedgeDelay
        answer(
          machine.handle(
            .loadTimed(
              request.id, request: .milliseconds(10 * (step % 7)), load: .milliseconds(step % 5))))
        if step % 4 == 0 { answer(machine.handle(.hedgeTimerFired(request.id))) }
        if step % 3 == 0 {
          answer(machine.handle(.loadFailed(request.id, URLError(.timedOut))))
          continue
        }
        let cursor = request.cursor ?? 0
        let page = Page(
          items: rows(cursor..<cursor + 10), nextCursor: cursor + 10 < 2_000 ? cursor + 10 : nil,
          previousCursor: cursor > 0 ? cursor - 10 : nil)
        answer(machine.handle(.loadCompleted(request.id, page)))
      }
    }
    drain(40)
    for id in machine.ids.suffix(3) + machine.ids.prefix(3) {
      answer(machine.handle(.rowAppeared(.id(id))))
      drain(40)
    }
    answer(machine.handle(.loadNextPage) + machine.handle(.loadPreviousPage))
    drain(40)
    answer(machine.handle(.edit(.remove(machine.ids.first ?? 0))))
    answer(machine.handle(.edit(.insert(Row(id: -5), at: .start))))
    answer(machine.handle(.setFilter({ $0.id % 2 == 0 })))
    drain(40)
    for policy in [RefreshPolicy.fromStart, .aroundAnchor, .allLoaded(limit: 3)] {
      answer(machine.handle(.refreshWith(policy)))
      drain(40)
    }
    answer(machine.handle(.refresh))
    drain(40)
    answer(machine.handle(.invalidate))
    drain(40)
    answer(machine.handle(.setFilter(nil)))
    answer(machine.handle(.setQuery("q", transition: .keepPrevious)))
    drain(40)
    answer(machine.handle(.retry))
    drain(40)
    return machine
  }

  @Test("no setting traps, and the engine stays consistent", arguments: configurations)
  func noSettingTraps(_ setting: Setting) throws {
    let (name, configuration) = (setting.name, setting.configuration)
    let machine = Self.session(configuration)
    #expect(machine.metrics.internalInconsistencies == 0, "\(name)")
    #expect(Set(machine.loadedItems.map(\.id)).count == machine.loadedItems.count, "\(name)")
    // A list whose first page never committed (a cap refused) has no page to save.
    guard machine.hasLoadedFirstPage else { return }
    var restored = Machine(configuration: configuration)
    try restored.restore(PagingSnapshot(decoding: machine.snapshot().encoded()))
    #expect(restored.loadedItems.map(\.id) == machine.loadedItems.map(\.id), "\(name)")
  }

  /// A cap of `Int.max` is no cap: the window keeps every page.
  @Test func aCapOfIntMaxIsNoCap() {
    let capped = Self.session(PagingConfiguration(prefetch: .fixed(6), maxSize: .max))
    let uncapped = Self.session(PagingConfiguration(prefetch: .fixed(6)))
    #expect(capped.metrics.pagesDropped == 0)
    #expect(capped.loadedItems.map(\.id) == uncapped.loadedItems.map(\.id))
  }

  /// A prefetch distance of `Int.max` under a cap is refused with the typed error, which gives
  /// the smallest cap that works: none does, so it says `Int.max`.
  @Test func anUnboundedDistanceUnderACapIsRefused() throws {
    var machine = Machine(
      configuration: PagingConfiguration(prefetch: .fixed(.max), maxSize: 1_000))
    let first = try #require(machine.handle(.start).loads.first)
    _ = machine.handle(.loadCompleted(first.id, page(0..<20, next: 20)))
    #expect(machine.refreshState == .failed(.maxSizeTooSmall(maxSize: 1_000, required: .max)))
    #expect(machine.items.isEmpty)
  }

  /// A cap of 0 or below is refused the same way, at the first refresh.
  @Test(arguments: [0, -1, Int.min])
  func aCapOfZeroOrBelowIsRefused(_ maxSize: Int) throws {
    var machine = Machine(configuration: PagingConfiguration(prefetch: .fixed(6), maxSize: maxSize))
    let first = try #require(machine.handle(.start).loads.first)
    _ = machine.handle(.loadCompleted(first.id, page(0..<20, next: 20)))
    #expect(machine.refreshState == .failed(.maxSizeTooSmall(maxSize: maxSize, required: 32)))
  }
}
