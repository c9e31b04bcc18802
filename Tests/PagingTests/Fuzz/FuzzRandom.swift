import Paging

/// The randomized tests' draws, from the package's one seeded generator.
extension SeededRandom {
  /// The generator of the randomized tests' `seed`, started as before the package had one
  /// generator, so that the seeds their comments name replay the same runs.
  /// - Parameter seed: The test's seed.
  init(fuzzSeed seed: UInt64) { self.init(state: (seed &+ 1) &* 0x9E37_79B9_7F4A_7C15) }

  /// A number in `range`.
  mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &self) }

  /// `true` with probability `percent` in 100.
  mutating func percent(_ percent: Int) -> Bool { int(0...99) < percent }

  /// One of `choices`, each with its weight.
  mutating func weighted<T>(_ choices: [(Int, T)]) -> T {
    var pick = int(0...(choices.reduce(0) { $0 + $1.0 } - 1))
    for (weight, value) in choices {
      if pick < weight { return value }
      pick -= weight
    }
    return choices[choices.count - 1].1
  }
}
