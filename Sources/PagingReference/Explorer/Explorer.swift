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
  /// or after `stateLimit` distinct states.
  package static func explore(
    _ configuration: ExplorerConfiguration, skipping skipped: Set<ExplorerInvariant> = [],
    stateLimit: Int = .max
  ) -> ExplorerResult {
    let clock = ContinuousClock()
    let start = clock.now
    var result = ExplorerResult(configuration: configuration)
    func finish() -> ExplorerResult {
      let elapsed = clock.now - start
      result.seconds =
        Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
      return result
    }
    var seen = Set<UInt64>()
    var snapshotsChecked = Set<UInt64>()
    var root = ExplorerWorld(configuration)
    root.skipped = skipped
    var frontier: [(ExplorerWorld, [ExplorerEvent])] = [(root, [])]
    seen.insert(root.fingerprint)
    result.states = 1
    while !frontier.isEmpty, result.depth < configuration.depth {
      var next: [(ExplorerWorld, [ExplorerEvent])] = []
      for (world, trace) in frontier {
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
          next.append((successor, trace + [event]))
          if result.states >= stateLimit { return finish() }
        }
      }
      frontier = next
      result.depth += 1
    }
    return finish()
  }
}
