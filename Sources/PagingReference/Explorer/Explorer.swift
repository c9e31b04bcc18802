import Foundation

/// What one exploration found.
package struct ExplorerResult: Sendable {
  package var configuration: ExplorerConfiguration
  /// Distinct states (after canonicalisation).
  package var states = 0
  /// Events applied.
  package var transitions = 0
  /// The deepest level reached.
  package var depth = 0
  package var seconds = 0.0
  /// The processor time the search took on its thread, in seconds: what it costs on a quiet
  /// core, whatever else the machine runs.
  package var cpuSeconds = 0.0
  /// States not explored further because a skipped invariant broke in them.
  package var pruned = 0
  /// The first violation and the shortest trace that reaches it.
  package var violation: (ExplorerViolation, [ExplorerEvent])?
}

/// Breadth-first search over every event sequence of a configuration up to its depth, keeping
/// the 64-bit fingerprints of the states seen and the states of the current frontier only
/// (TLC's way). The order is fixed: a run finds the same states and the same shortest trace.
package enum Explorer {
  /// Explores `configuration`; stops at the first violation of an invariant not in `skipped`,
  /// or after `stateLimit` distinct states. With `compact`, the frontier holds no states (see
  /// ``CompactSearch``): the same states, in the same order, in far less memory.
  package static func explore(
    _ configuration: ExplorerConfiguration, skipping skipped: Set<ExplorerInvariant> = [],
    stateLimit: Int = .max, compact: Bool = false
  ) -> ExplorerResult {
    if compact {
      return CompactSearch(configuration, skipping: skipped).run(stateLimit: stateLimit)
    }
    let timer = SearchTimer()
    var result = ExplorerResult(configuration: configuration)
    func finish() -> ExplorerResult { timer.timed(result) }
    var seen = Set<UInt64>()
    var snapshotsChecked = Set<UInt64>()
    var root = ExplorerWorld(configuration)
    root.skipped = skipped
    var frontier: [(ExplorerWorld, [ExplorerEvent])] = [(root, [])]
    seen.insert(root.fingerprint)
    result.states = 1
    while !frontier.isEmpty, result.depth < configuration.depth {
      var next: [(ExplorerWorld, [ExplorerEvent])] = []
      // The states of the last level are checked, never expanded: they are not kept.
      let last = result.depth + 1 == configuration.depth
      // Each state is let go once expanded, so that two whole levels are never held.
      frontier.reverse()
      while let (world, trace) = frontier.popLast() {
        for event in world.enabledEvents {
          var successor = world
          result.transitions += 1
          do {
            try successor.apply(event)
          } catch {
            result.violation = (error, trace + [event])
            return finish()
          }
          if successor.pruned {
            result.pruned += 1
            continue
          }
          guard seen.insert(successor.fingerprint).inserted else { continue }
          result.states += 1
          do {
            try successor.checkState(snapshotsChecked: &snapshotsChecked)
          } catch {
            // The state's checks change nothing: past a skipped one the search goes on.
            if !skipped.contains(error.invariant) {
              result.violation = (error, trace + [event])
              return finish()
            }
          }
          if !last { next.append((successor, trace + [event])) }
          if result.states >= stateLimit { return finish() }
        }
      }
      frontier = next
      result.depth += 1
    }
    return finish()
  }
}

/// The breadth-first search of ``Explorer`` holding, for each state, only which event of its
/// parent's enabled events led to it (8 bytes a state), never the state itself: a state is
/// rebuilt from the root when it is expanded. The states of a level are expanded in the order
/// of their parents, so the rebuilt path is kept one world a level and each state costs about
/// one event to rebuild. The same states, the same order and the same shortest traces as the
/// search that keeps whole states, in a few bytes a state beside the fingerprints.
package final class CompactSearch {
  /// A state: its parent's index in the level above and the index of the event in the
  /// parent's enabled events.
  struct Node {
    var parent: UInt32
    var choice: UInt8
  }

  let configuration: ExplorerConfiguration
  let skipped: Set<ExplorerInvariant>
  let root: ExplorerWorld
  /// Each level's states, the root's level first.
  var levels: [[Node]] = [[Node(parent: 0, choice: 0)]]
  /// The last state rebuilt at each level, with its index.
  var path: [(index: Int, world: ExplorerWorld)?] = [nil]

  package init(_ configuration: ExplorerConfiguration, skipping skipped: Set<ExplorerInvariant>) {
    self.configuration = configuration
    self.skipped = skipped
    var root = ExplorerWorld(configuration)
    root.skipped = skipped
    self.root = root
  }

  /// The state at `index` of `level`, rebuilt from its parent's (the steps replayed without
  /// checks: they passed them when first reached).
  func world(level: Int, index: Int) -> ExplorerWorld {
    if level == 0 { return root }
    if let cached = path[level], cached.index == index { return cached.world }
    let node = levels[level][index]
    var world = self.world(level: level - 1, index: Int(node.parent))
    let event = world.enabledEvents[Int(node.choice)]
    try? world.apply(event, checking: false)
    path[level] = (index, world)
    return world
  }

  /// The events from the root to the state at `index` of `level`.
  func trace(level: Int, index: Int) -> [ExplorerEvent] {
    var choices: [Int] = []
    var current = index
    for depth in stride(from: level, to: 0, by: -1) {
      let node = levels[depth][current]
      choices.append(Int(node.choice))
      current = Int(node.parent)
    }
    var world = root
    var events: [ExplorerEvent] = []
    for choice in choices.reversed() {
      let event = world.enabledEvents[choice]
      events.append(event)
      try? world.apply(event, checking: false)
    }
    return events
  }

  package func run(stateLimit: Int) -> ExplorerResult {
    let timer = SearchTimer()
    var result = ExplorerResult(configuration: configuration)
    func finish() -> ExplorerResult { timer.timed(result) }
    var seen = Set<UInt64>()
    var snapshotsChecked = Set<UInt64>()
    seen.insert(root.fingerprint)
    result.states = 1
    var level = 0
    while !levels[level].isEmpty, result.depth < configuration.depth {
      var next: [Node] = []
      let last = result.depth + 1 == configuration.depth
      for index in levels[level].indices {
        let world = self.world(level: level, index: index)
        for (choice, event) in world.enabledEvents.enumerated() {
          var successor = world
          result.transitions += 1
          do {
            try successor.apply(event)
          } catch {
            result.violation = (error, trace(level: level, index: index) + [event])
            return finish()
          }
          if successor.pruned {
            result.pruned += 1
            continue
          }
          guard seen.insert(successor.fingerprint).inserted else { continue }
          result.states += 1
          do {
            try successor.checkState(snapshotsChecked: &snapshotsChecked)
          } catch {
            if !skipped.contains(error.invariant) {
              result.violation = (error, trace(level: level, index: index) + [event])
              return finish()
            }
          }
          if !last { next.append(Node(parent: UInt32(index), choice: UInt8(choice))) }
          if result.states >= stateLimit { return finish() }
        }
      }
      // Two levels' nodes are kept for the traces; the states above are rebuilt when needed.
      levels.append(next)
      path.append(nil)
      level += 1
      result.depth += 1
    }
    return finish()
  }
}

/// The processor time of the calling thread so far, in seconds.
/// A search's wall-clock and processor time since it began, written into its result.
struct SearchTimer {
  let clock = ContinuousClock()
  let start: ContinuousClock.Instant
  let cpuStart = threadCPUSeconds()

  init() { start = clock.now }

  /// `result` with the time spent so far.
  func timed(_ result: ExplorerResult) -> ExplorerResult {
    var result = result
    let elapsed = clock.now - start
    result.seconds = elapsed.seconds
    result.cpuSeconds = threadCPUSeconds() - cpuStart
    return result
  }
}

func threadCPUSeconds() -> Double {
  var time = timespec()
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
  return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}
