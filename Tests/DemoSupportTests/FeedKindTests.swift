import DemoSupport
import Foundation
import Testing

import var PagingTestSupport.minuteLimit

@Suite("the ways of paging the demo and the benchmark compare", .timeLimit(.minutes(minuteLimit)))
struct FeedKindTests {
  @Test("each kind is encoded as its label and decoded back from it")
  func codingByLabel() throws {
    let data = try JSONEncoder().encode(FeedKind.allCases)
    #expect(
      String(decoding: data, as: UTF8.self)
        == #"["naive onAppear","three-guard fix","scanning threshold helper","#
        + #""fixed prefetch = page size","Paginator (default)","Paginator (no hedging)","oracle"]"#)
    #expect(try JSONDecoder().decode([FeedKind].self, from: data) == FeedKind.allCases)
  }

  @Test("a label no kind has does not decode")
  func unknownLabel() {
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode([FeedKind].self, from: Data(#"["Paginator"]"#.utf8))
    }
  }

  @Test("the demo runs the naive code, its three-guard fix and Paginator, in that order")
  func demoKinds() {
    #expect(FeedKind.demo == [.naive, .guarded, .paginator])
  }
}
