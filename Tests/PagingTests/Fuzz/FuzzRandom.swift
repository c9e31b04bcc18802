/// The randomized tests' seeded generator: xorshift64* (Vigna 2016). Small, fast in debug
/// builds, and the same sequence on every platform, so a seed always replays the same run.
struct FuzzRandom: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) {
    // Spread small seeds over the state space; xorshift needs a non-zero state.
    state = (seed &+ 1) &* 0x9E37_79B9_7F4A_7C15
    if state == 0 { state = 1 }
  }

  mutating func next() -> UInt64 {
    state ^= state >> 12
    state ^= state << 25
    state ^= state >> 27
    return state &* 0x2545_F491_4F6C_DD1D
  }

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
