import Foundation
import Paging

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// What a response says of the client's rate limit: how many requests are left in the window
/// and when it resets. ``HTTPPageSource`` reads it from every response and, once nothing is
/// left, waits for the reset before its next request, instead of spending a request on a 429.
///
/// Read from, in this order:
/// - the IETF `RateLimit` field (draft-ietf-httpapi-ratelimit-headers: a structured list such
///   as `"default";r=0;t=30`, `r` the requests left, `t` the seconds to the reset); of several
///   policies, the one that leaves the fewest requests;
/// - GitHub's `X-RateLimit-Remaining` and `X-RateLimit-Reset` (the reset a Unix time, counted
///   from the response's `Date`; a value under 10⁸, about three years, is
///   taken as seconds from now, as some APIs send it);
/// - the earlier drafts' `RateLimit-Remaining` and `RateLimit-Reset` (seconds).
///
/// `RateLimit-Policy` describes quotas, not what is left, so nothing waits on it.
struct HTTPRateLimit: Sendable, Equatable {
  /// The requests left in the window.
  var remaining: Int
  /// The time until the window resets, from when the response arrived.
  var reset: Duration

  /// The rate limit `response` states, or `nil` when it states none (or one that cannot be
  /// read).
  /// - Parameters:
  ///   - response: The response.
  ///   - now: When it arrived (for a Unix-time reset without a `Date` field).
  init?(_ response: HTTPURLResponse, now: Date) {
    func field(_ name: String) -> String? {
      response.value(forHTTPHeaderField: name)?.trimmingCharacters(in: .whitespaces)
    }
    if let value = field("RateLimit"), let limit = Self.structured(value) {
      self = limit
    } else if let remaining = field("X-RateLimit-Remaining").flatMap(Int.init),
      let reset = field("X-RateLimit-Reset").flatMap(Double.init)
    {
      let serverNow =
        field("Date").flatMap(RetryAfter.init(fieldValue:)).flatMap { value -> Date? in
          if case .date(let date) = value { date } else { nil }
        } ?? now
      let seconds = reset >= 1e8 ? reset - serverNow.timeIntervalSince1970 : reset
      self.init(remaining: remaining, seconds: seconds)
    } else if let remaining = field("RateLimit-Remaining").flatMap(Int.init),
      let reset = field("RateLimit-Reset").flatMap(Double.init)
    {
      self.init(remaining: remaining, seconds: reset)
    } else {
      return nil
    }
  }

  init(remaining: Int, seconds: Double) {
    self.remaining = max(0, remaining)
    let bounded = seconds.isFinite ? min(max(0, seconds.rounded(.up)), 1e9) : 0
    reset = .seconds(Int(bounded))
  }

  /// The policy of a `RateLimit` list that leaves the fewest requests.
  private static func structured(_ value: String) -> HTTPRateLimit? {
    var fewest: HTTPRateLimit?
    for member in value.split(separator: ",") {
      var remaining: Int?
      var reset: Double?
      for parameter in member.split(separator: ";").dropFirst() {
        let pair = parameter.split(separator: "=", maxSplits: 1).map {
          $0.trimmingCharacters(in: .whitespaces)
        }
        guard pair.count == 2 else { continue }
        switch pair[0] {
        case "r": remaining = Int(pair[1])
        case "t": reset = Double(pair[1])
        default: break
        }
      }
      guard let remaining, let reset else { continue }
      let limit = HTTPRateLimit(remaining: remaining, seconds: reset)
      if fewest.map({ limit.remaining < $0.remaining }) ?? true { fewest = limit }
    }
    return fewest
  }
}

/// When a source may send its next request: what the last response said of the rate limit,
/// timed on the source's clock. Shared by the copies of one source.
final class HTTPRateLimitGate: Sendable {
  /// The time on the source's clock since the gate was made.
  private let elapsed: @Sendable () -> Duration
  /// When the window resets, on `elapsed`'s time line, once no request is left in it.
  private let resumeAt = Locked<Duration?>(nil)

  init(clock: any Clock<Duration>) {
    elapsed = Self.stopwatch(clock)
  }

  private static func stopwatch<C: Clock<Duration>>(_ clock: C) -> @Sendable () -> Duration {
    let start = clock.now
    return { start.duration(to: clock.now) }
  }

  /// How long to wait before the next request (zero when a request is left).
  var wait: Duration {
    let now = elapsed()
    return resumeAt.withLock { resumeAt in
      guard let until = resumeAt, until > now else {
        resumeAt = nil
        return .zero
      }
      return until - now
    }
  }

  /// Records what `limit` says: once nothing is left, requests wait for the reset.
  func record(_ limit: HTTPRateLimit) {
    let until = limit.remaining == 0 ? elapsed() + limit.reset : nil
    resumeAt.withLock { $0 = until }
  }
}
