import Foundation
import Paging

/// How long a ``SimulatedFeedServer`` takes to answer each request.
///
/// Every draw comes from a generator seeded with the server's seed and the request's number,
/// so a request's latency does not depend on the order in which concurrent requests arrive,
/// and is rounded to whole microseconds so that the last bit of the platform's `exp` and `log`
/// cannot change a simulated session.
public enum LatencyModel: Sendable {
  /// Every answer takes this long.
  case fixed(Duration)
  /// Log-normal around `median` with shape `sigma` (the standard deviation of the latency's
  /// natural logarithm), plus an optional heavy tail: with `tail.probability` the latency is
  /// instead Pareto-distributed from `tail.scale` with exponent `tail.exponent`, capped at
  /// `tail.cap` (see ``HeavyTail``).
  case logNormal(median: Duration, sigma: Double, tail: HeavyTail? = nil)
  /// The latency of each request, by request number: the n-th request the server
  /// received, from 1.
  case perRequest(@Sendable (Int) -> Duration)

  /// The heavy tail of ``logNormal(median:sigma:tail:)``: rare, very slow answers.
  public struct HeavyTail: Hashable, Sendable {
    /// The share of requests that fall in the tail, in `0...1`.
    package var probability: Double
    /// The smallest tail latency (the Pareto scale).
    package var scale: Duration
    /// The Pareto exponent; smaller is heavier (above 1 for a finite mean).
    package var exponent: Double
    /// The longest tail latency.
    package var cap: Duration

    /// Creates a heavy tail.
    /// - Parameters:
    ///   - probability: The share of requests in the tail, clamped to `0...1`.
    ///   - scale: The smallest tail latency.
    ///   - exponent: The Pareto exponent (values below 0.1 count as 0.1).
    ///   - cap: The longest tail latency (default 20 s).
    public init(
      probability: Double, scale: Duration, exponent: Double, cap: Duration = .seconds(20)
    ) {
      self.probability = min(1, max(0, probability))
      self.scale = scale
      self.exponent = max(0.1, exponent)
      self.cap = cap
    }
  }

  /// A mobile network fitted to the cellular round trips a large ride-hailing app reported
  /// (about 350 / 425 / 725 / 2,300 ms at p50 / p75 / p95 / p99): log-normal with median
  /// 350 ms and sigma 0.25, and 5 % of requests in a Pareto tail from 700 ms with exponent
  /// 1.3. Its percentiles come out at about 355 / 430 / 725 / 2,350 ms.
  public static var cellular: LatencyModel {
    .logNormal(
      median: .milliseconds(350), sigma: 0.25,
      tail: HeavyTail(probability: 0.05, scale: .milliseconds(700), exponent: 1.3))
  }

  /// Lighthouse's mobile profile: a fixed 150 ms round trip.
  public static var lighthouseMobile: LatencyModel { .fixed(.milliseconds(150)) }

  /// The latency of request `number`.
  /// - Parameters:
  ///   - number: The request's number (`PageRequestID.rawValue`).
  ///   - seed: The server's seed.
  /// - Returns: A latency, never negative.
  package func latency(forRequest number: Int, seed: UInt64) -> Duration {
    switch self {
    case .fixed(let duration):
      return max(.zero, duration)
    case .perRequest(let latency):
      return max(.zero, latency(number))
    case .logNormal(let median, let sigma, let tail):
      var random = SeededRandom(seed: seed, stream: UInt64(truncatingIfNeeded: number) << 1)
      let seconds: Double
      if let tail, random.chance(tail.probability) {
        let pareto = tail.scale.seconds * pow(1 - random.nextFraction(), -1 / tail.exponent)
        seconds = min(pareto, tail.cap.seconds)
      } else {
        seconds = median.seconds * exp(sigma * random.nextNormal())
      }
      // A median or tail no `Int64` of microseconds holds waits the longest one does.
      let microseconds = (seconds * 1e6).rounded()
      guard microseconds > 0 else { return .zero }
      return .microseconds(microseconds < 9.2e18 ? Int64(microseconds) : .max)
    }
  }
}

extension SeededRandom {
  /// A standard normal number (Box and Muller 1958).
  mutating func nextNormal() -> Double {
    let u = 1 - nextFraction()  // in 0<..1, so the logarithm is finite
    let v = nextFraction()
    return (-2 * log(u)).squareRoot() * cos(2 * Double.pi * v)
  }
}
