// swift-format-ignore-file
// The snippets of the DocC article "Tail latency: the defaults on a slow network", verbatim,
// compiled and never run.
import Paging

struct Message: Identifiable, Sendable {
  let id: Int
}

/// A queue on the server whose reads take what they return.
private actor Inbox {
  func take(after cursor: String?, limit: Int) throws -> Page<Message, String> {
    Page(items: [], nextCursor: nil)
  }
}

private let inbox = Inbox()

struct ConsumingSource: PageSource {
  var loadsAreIdempotent: Bool { false }
  func loadPage(_ request: PageRequest<String>) async throws -> Page<Message, String> {
    try await inbox.take(after: request.cursor, limit: 50)  // taken messages are gone
  }
}

private func configurations() -> [PagingConfiguration<String>] {
  let noHedges = PagingConfiguration<String>(hedging: .off)          // never a second request
  let fixedDelay = PagingConfiguration<String>(hedging: .after(.seconds(2)))  // no budget
  let smallerBudget = PagingConfiguration<String>(                   // the default rule
    hedging: .adaptive(AdaptiveHedging(loadsPerHedge: 20, maximumHedges: 1)))
  let fixedPrefetch = PagingConfiguration<String>(prefetch: .fixed(20))  // Paging 3's way
  return [noHedges, fixedDelay, smallerBudget, fixedPrefetch]
}
