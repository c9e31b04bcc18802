import Paging
import PagingTesting
import Testing

import var PagingTestSupport.minuteLimit

/// PagingTesting's public `PageRequest` initializer: what an app's test hands its own source.
@Suite(.timeLimit(.minutes(minuteLimit))) struct PageRequestTestingTests {
  @Test func aTestMakesTheRequestsAnAppsSourceReads() {
    let next = PageRequest<String>(direction: .append, cursor: "c2", query: "swift")
    #expect(next.direction == .append)
    #expect(next.cursor == "c2")
    #expect(next.query as? String == "swift")
    let first = PageRequest<String>(cursor: nil)
    #expect(first.direction == .refresh)
    #expect(first.cursor == nil)
    #expect(first.query == nil)
  }
}
