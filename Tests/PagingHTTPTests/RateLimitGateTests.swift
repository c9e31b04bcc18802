import Foundation
import PagingTesting
import Testing

import var PagingTestSupport.minuteLimit

@testable import PagingHTTP

/// The gate that a source's requests pass: answers to requests in flight together arrive in
/// any order, and an older answer, which says more is left, never undoes a newer one.
@Suite("The rate-limit gate with answers out of order", .timeLimit(.minutes(minuteLimit)))
struct RateLimitGateTests {
  @Test func anOlderAnswerArrivingLateDoesNotReopenASpentWindow() {
    let clock = TestClock()
    let gate = HTTPRateLimitGate(clock: clock)
    #expect(gate.reserve() == .go)
    gate.finished(HTTPRateLimit(remaining: 2, seconds: 60))
    #expect(gate.reserve() == .go)  // a
    #expect(gate.reserve() == .go)  // b
    gate.finished(HTTPRateLimit(remaining: 0, seconds: 60))  // b's answer: spent
    gate.finished(HTTPRateLimit(remaining: 1, seconds: 60))  // a's, older, arrives late
    #expect(gate.reserve() == .sleep(.seconds(60)))
    clock.advance(by: .seconds(60))
    #expect(gate.reserve() == .go)
  }

  @Test func anOlderAnswerDoesNotLetMoreRequestsGoThanTheNewestLeft() {
    let clock = TestClock()
    let gate = HTTPRateLimitGate(clock: clock)
    #expect(gate.reserve() == .go)
    gate.finished(HTTPRateLimit(remaining: 5, seconds: 60))
    #expect(gate.reserve() == .go)  // a
    #expect(gate.reserve() == .go)  // b
    gate.finished(HTTPRateLimit(remaining: 1, seconds: 60))  // b's answer: one left
    gate.finished(HTTPRateLimit(remaining: 4, seconds: 60))  // a's, older
    #expect(gate.reserve() == .go)
    #expect(gate.reserve() == .busy)
  }

  @Test func afterTheResetTheNextAnswerCountsWhateverItSays() {
    let clock = TestClock()
    let gate = HTTPRateLimitGate(clock: clock)
    #expect(gate.reserve() == .go)
    gate.finished(HTTPRateLimit(remaining: 1, seconds: 10))
    clock.advance(by: .seconds(10))
    #expect(gate.reserve() == .go)
    gate.finished(HTTPRateLimit(remaining: 3, seconds: 10))
    #expect(gate.reserve() == .go)
    #expect(gate.reserve() == .go)
    #expect(gate.reserve() == .go)
    #expect(gate.reserve() == .busy)
  }
}
