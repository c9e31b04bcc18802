/// The package's one seeded generator: xorshift64* (Marsaglia 2003, Vigna 2016), seeded
/// through a 64-bit finaliser so that nearby seeds and streams give unrelated sequences. Small,
/// fast in debug builds, and the same sequence on every platform, so a seed always replays the
/// same run (`package`: the engine's retry jitter, the test kit's simulations and the
/// randomized tests draw from it).
///
/// `PagingTesting`'s `SimulatedFeedServer` draws each request's latency and faults from the
/// stream of its request number, so the draws do not depend on the order in which concurrent
/// requests arrive.
package struct SeededRandom: RandomNumberGenerator, Hashable, Sendable {
  private var state: UInt64

  /// Creates a generator for `stream` of `seed`.
  /// - Parameters:
  ///   - seed: The seed.
  ///   - stream: One of the seed's independent sequences (default 0).
  package init(seed: UInt64, stream: UInt64 = 0) {
    var mixed = seed ^ (stream &* 0xD6E8_FEB8_6659_FD93)
    mixed = (mixed ^ (mixed >> 33)) &* 0xFF51_AFD7_ED55_8CCD
    mixed = (mixed ^ (mixed >> 33)) &* 0xC4CE_B9FE_1A85_EC53
    mixed ^= mixed >> 33
    state = mixed == 0 ? 0x2545_F491_4F6C_DD1D : mixed
  }

  /// Creates a generator that starts at `state`, unmixed (0, which xorshift cannot leave,
  /// becomes 1): for callers that keep sequences recorded before this type existed.
  /// - Parameter state: The first state.
  package init(state: UInt64) { self.state = state == 0 ? 1 : state }

  /// The next 64 random bits.
  package mutating func next() -> UInt64 {
    state ^= state >> 12
    state ^= state << 25
    state ^= state >> 27
    return state &* 0x2545_F491_4F6C_DD1D
  }

  /// A number in `0..<1`, with 53 random bits.
  package mutating func nextFraction() -> Double { Double(next() >> 11) * 0x1p-53 }

  /// Whether an event of probability `probability` happens (never for 0, always for 1).
  /// - Parameter probability: In `0...1`.
  package mutating func chance(_ probability: Double) -> Bool {
    probability > 0 && nextFraction() < probability
  }
}
