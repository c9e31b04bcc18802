import Foundation
import Paging
import PagingReference

/// Makes a random ``FuzzCase`` from a seed: the same seed always gives the same case.
enum FuzzGenerator {
  /// The number of seeds to run: `PAGING_FUZZ_SEEDS` when set, else `defaultCount`.
  static func seedCount(default defaultCount: Int) -> Int {
    ProcessInfo.processInfo.environment["PAGING_FUZZ_SEEDS"].flatMap { Int($0) } ?? defaultCount
  }

  static func makeCase(seed: UInt64, steps stepRange: ClosedRange<Int> = 8...60) -> FuzzCase {
    var random = SeededRandom(fuzzSeed: seed)
    let sizes = [(1, 0), (3, random.int(1...6)), (6, random.int(7...30))]
    let serverSize = random.weighted(sizes)
    let distances = [(3, 0), (6, random.int(1...3)), (1, random.int(4...9))]
    let prefetchDistance = random.weighted(distances)
    let pageSize = random.int(1...6)
    var fuzzCase = FuzzCase(
      seed: seed, pageSize: pageSize,
      prefetchDistance: prefetchDistance,
      maxPagesWithoutNewItems: random.int(1...4),
      duplicatePolicy: random.percent(50) ? .keepFirst : .replace,
      automaticRetries: random.percent(50) ? nil : random.int(0...3),
      initialCursor: nil, viewportHeight: random.int(1...8),
      answersCancelledRequests: random.percent(50),
      serverIDs: serverSize == 0 ? [] : (1...serverSize).map { $0 * 100 }, steps: [])
    // Most cases hedge, after less or more than an automatic retry's first delay (1 s).
    if random.percent(60) { fuzzCase.hedging = .milliseconds(random.int(1...30) * 100) }
    // Most cases change the list locally too: edits, filters, queries (rulebook R23 to R25).
    let local = random.percent(60)
    if random.percent(15) { fuzzCase.initialCursor = random.int(0...(serverSize / 2)) * 100 + 50 }
    let count = random.int(stepRange)
    if random.percent(85) {
      let first: [(Int, FuzzStep)] = [
        (45, .start), (15, .refresh), (40, .startAt(pick: random.int(0...30))),
      ]
      fuzzCase.steps.append(random.weighted(first))
    }
    while fuzzCase.steps.count < count {
      if fuzzCase.hedging != nil, random.percent(3) {
        // A load and its hedge both fail (the newest pending requests, most of the time), so
        // that the load fails only then (rulebook R22).
        let failure = FuzzOutcome.failure(retryable: random.percent(50))
        fuzzCase.steps += [
          .fireHedgeTimer(pick: random.int(0...3), stale: false),
          .answer(pick: -1, failure), .answer(pick: -1, failure),
        ]
      } else {
        fuzzCase.steps.append(step(&random, local: local))
      }
    }
    return fuzzCase
  }

  private static func step(_ random: inout SeededRandom, local: Bool) -> FuzzStep {
    let row: FuzzRowRef =
      random.percent(50) ? .index(random.int(-1...35)) : .idAt(random.int(-1...35))
    if local, random.percent(12) { return localStep(&random) }
    let choices: [(Int, FuzzStep)] = [
      (
        30,
        .answer(pick: random.percent(20) ? -random.int(1...2) : random.int(0...3), outcome(&random))
      ),
      (8, .appear(row)),
      (4, .disappear(row)),
      (8, .scroll(random.int(-6...6))),
      (3, .scroll(random.int(-12...(-1)))),
      (3, .jump(percent: random.int(0...100))),
      (1, .jump(percent: 0)),
      (3, .burst(from: random.int(0...12), count: random.int(1...10))),
      (3, .start),
      (3, .startAt(pick: random.int(0...30))),
      (4, .refresh),
      (4, .retry),
      (3, .cancel),
      (4, .loadNextPage),
      (4, .loadPreviousPage),
      (4, .fireRetryTimer(stale: random.percent(20))),
      (8, .fireHedgeTimer(pick: random.int(0...3), stale: random.percent(20))),
      (2, .serverInsert(position: random.int(0...40), count: random.int(1...5))),
      (2, .serverDelete(position: random.int(0...40))),
      (8, .sameFrame),
    ]
    return random.weighted(choices)
  }

  /// An edit, a filter or a query change (rulebook R23 to R25).
  private static func localStep(_ random: inout SeededRandom) -> FuzzStep {
    let choices: [(Int, FuzzStep)] = [
      (3, .remove(pick: random.int(0...40))),
      (3, .update(pick: random.int(0...30))),
      (3, .insert(pick: random.int(-3...30))),
      (2, .move(pick: random.int(0...30), before: random.int(0...30))),
      (3, .filter(random.percent(25) ? nil : FuzzFilter.allCases[random.int(0...2)])),
      (2, .query(random.int(0...2), keepPrevious: random.percent(50))),
    ]
    return random.weighted(choices)
  }

  private static func outcome(_ random: inout SeededRandom) -> FuzzOutcome {
    let choices: [(Int, FuzzOutcome)] = [
      (30, .full),
      (8, .short(random.int(1...5))),
      (8, .empty(skip: random.int(1...6))),
      (7, .seen),
      // Pick 0 is what the other edge points to, when it points anywhere (fault class 19).
      (6, .repeatedCursor(pick: random.percent(40) ? 0 : random.int(1...5))),
      (12, .failure(retryable: random.percent(75))),
      (3, .cancellation(.cancellationError)),
      (3, .cancellation(.urlError)),
      (2, .cancellation(.wrapped)),
      (3, .cancellation(.event)),
    ]
    return random.weighted(choices)
  }
}
