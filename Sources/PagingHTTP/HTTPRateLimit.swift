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
/// timed on the source's clock, and how many of the source's requests are in flight. Shared by
/// the copies of one source.
///
/// Once a response says no request is left, requests wait for the reset. While requests left
/// are known, no more are in flight than that: a walk that loads pages several at a time
/// (PagingWalk's `parallelPages`) never sends a request the limit does not leave room for,
/// each in-flight request counting against it until its answer says what is left.
final class HTTPRateLimitGate: Sendable {
  /// What a request may do now.
  enum Reservation: Equatable {
    /// Send: it is counted in flight until ``finished(_:)``.
    case go
    /// Wait this long for the window's reset, then ask again.
    case sleep(Duration)
    /// Wait for a request in flight to finish, then ask again.
    case busy
  }

  private struct State {
    /// When the window of ``remaining`` resets, on `elapsed`'s time line, as the answer that
    /// said so counted it; `nil` when unknown.
    var windowEnds: Duration?
    /// The requests left in the window, as the newest answer said; `nil` when unknown.
    var remaining: Int?
    var inFlight = 0
    var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
    var nextWaiter = 0
  }

  /// The time on the source's clock since the gate was made.
  private let elapsed: @Sendable () -> Duration
  private let state = Locked(State())

  init(clock: any Clock<Duration>) {
    elapsed = stopwatch(clock)
  }

  /// Whether a request may go now; `.go` counts it in flight.
  func reserve() -> Reservation {
    let now = elapsed()
    return state.withLock { state in
      if let ends = state.windowEnds {
        if ends <= now {
          // The window reset: what is left is unknown until the next answer.
          state.windowEnds = nil
          state.remaining = nil
        } else if state.remaining == 0 {
          return .sleep(ends - now)
        }
      }
      if let remaining = state.remaining, state.inFlight >= max(1, remaining) { return .busy }
      state.inFlight += 1
      return .go
    }
  }

  /// Waits until a request in flight finishes, or the task is cancelled.
  func waitForRequestToFinish() async {
    let id = state.withLock { state in
      defer { state.nextWaiter += 1 }
      return state.nextWaiter
    }
    await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        let now = state.withLock { state -> Bool in
          let free = state.remaining.map { state.inFlight < max(1, $0) } ?? true
          if Task.isCancelled || free { return true }
          state.waiters[id] = continuation
          return false
        }
        if now { continuation.resume() }
      }
    } onCancel: {
      state.withLock { $0.waiters.removeValue(forKey: id) }?.resume()
    }
  }

  /// A request that `reserve()` let go finished: `limit` is what its response said of the
  /// rate limit (`nil`: nothing, or no response). Once nothing is left, requests wait for the
  /// reset; the requests waiting for room ask again.
  ///
  /// Answers to requests in flight together arrive in any order, and an older one says more
  /// is left than a newer one did. So before the known window resets, an answer that leaves
  /// as many requests or more than known is taken as older and changes nothing: a late answer
  /// never reopens a spent window, nor lets more requests go than the newest answer left.
  func finished(_ limit: HTTPRateLimit?) {
    let now = elapsed()
    let waiters = state.withLock { state in
      state.inFlight = max(0, state.inFlight - 1)
      if let limit {
        let older =
          if let ends = state.windowEnds, now < ends, let remaining = state.remaining {
            limit.remaining >= remaining
          } else {
            false
          }
        if !older {
          state.remaining = limit.remaining
          state.windowEnds = now + limit.reset
        }
      }
      defer { state.waiters.removeAll() }
      return Array(state.waiters.values)
    }
    for waiter in waiters { waiter.resume() }
  }
}
