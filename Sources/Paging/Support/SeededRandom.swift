import Foundation

/// A small seeded generator for the simulations: xorshift64* (Marsaglia 2003, Vigna 2016),
/// seeded through a 64-bit finaliser so that nearby seeds and streams give unrelated
/// sequences.
///
/// ``SimulatedFeedServer`` draws each request's latency and faults from the stream of its
/// request number, so the draws do not depend on the order in which concurrent requests
/// arrive.
struct SeededRandom: RandomNumberGenerator, Sendable {
  private var state: UInt64

  /// Creates a generator for `stream` of `seed`.
  init(seed: UInt64, stream: UInt64 = 0) {
    var mixed = seed ^ (stream &* 0xD6E8_FEB8_6659_FD93)
    mixed = (mixed ^ (mixed >> 33)) &* 0xFF51_AFD7_ED55_8CCD
    mixed = (mixed ^ (mixed >> 33)) &* 0xC4CE_B9FE_1A85_EC53
    mixed ^= mixed >> 33
    state = mixed == 0 ? 0x2545_F491_4F6C_DD1D : mixed
  }

  mutating func next() -> UInt64 {
    state ^= state >> 12
    state ^= state << 25
    state ^= state >> 27
    return state &* 0x2545_F491_4F6C_DD1D
  }

  /// A number in `0..<1`.
  mutating func nextUnit() -> Double { Double(next() >> 11) * 0x1p-53 }

  /// Whether an event of probability `probability` happens (never for 0, always for 1).
  mutating func chance(_ probability: Double) -> Bool {
    probability > 0 && nextUnit() < probability
  }

  /// A standard normal number (Box and Muller 1958).
  mutating func nextNormal() -> Double {
    let u = 1 - nextUnit()  // in 0<..1, so the logarithm is finite
    let v = nextUnit()
    return (-2 * log(u)).squareRoot() * cos(2 * Double.pi * v)
  }
}
