import PagingReference

/// Shrinks a failing ``FuzzCase`` to a shortest one that still breaks the same rule: delta
/// debugging (Zeller and Hildebrandt's ddmin) over the steps, then single steps, then the
/// server's items one by one, until no single removal keeps the failure.
enum FuzzShrinker {
  static func shrink(
    _ failing: FuzzCase, isolation: isolated (any Actor)? = #isolation,
    reproduces: (FuzzCase) async -> Bool
  ) async -> FuzzCase {
    var best = failing
    var changed = true
    while changed {
      changed = false
      let steps = await ddmin(best.steps) { steps in
        var candidate = best
        candidate.steps = steps
        return await reproduces(candidate)
      }
      if steps.count < best.steps.count {
        best.steps = steps
        changed = true
      }
      var index = 0
      while index < best.serverIDs.count {
        var candidate = best
        candidate.serverIDs.remove(at: index)
        if await reproduces(candidate) {
          best = candidate
          changed = true
        } else {
          index += 1
        }
      }
    }
    return best
  }

  /// ddmin: removes ever smaller chunks while the rest still fails; ends 1-minimal (no single
  /// element can be removed).
  static func ddmin<T: Sendable>(
    _ input: [T], isolation: isolated (any Actor)? = #isolation, fails: ([T]) async -> Bool
  ) async -> [T] {
    var current = input
    var parts = 2
    while current.count >= 2 {
      let size = (current.count + parts - 1) / parts
      var reduced = false
      var start = 0
      while start < current.count {
        var complement = current
        complement.removeSubrange(start..<min(current.count, start + size))
        if await fails(complement) {
          current = complement
          parts = max(parts - 1, 2)
          reduced = true
          break
        }
        start += size
      }
      if !reduced {
        if parts >= current.count { break }
        parts = min(current.count, parts * 2)
      }
    }
    if current.count == 1, await fails([]) { return [] }
    return current
  }
}
