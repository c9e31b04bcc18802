import Foundation
import Paging
import PagingHTTP
import PagingWalk
import Testing

import var PagingTestSupport.minuteLimit

/// A note of the strawberry app in `.ci/strawberry/app.py` (`n` = 1...300); `id` is the Relay
/// global id (`Tm90ZTox`, base64 of `Note:1`).
struct GraphQLNote: Decodable, Identifiable, Sendable {
  var id: String
  var n: Int
  var title: String
}

/// The real strawberry server that `.ci/strawberry.sh start` serves, found through
/// `.build/strawberry/env`.
enum Strawberry: CIServer {
  static let serverName = "strawberry GraphQL server"
  static let script = "strawberry"
  static let urlVariable = "PAGING_STRAWBERRY_URL"

  /// The connection's query: `edges { node }` or `nodes`.
  static func query(nodes: Bool, field: String = "notes", arguments: String = "") -> String {
    let items = nodes ? "nodes { id n title }" : "edges { node { id n title } }"
    return """
      query($first: Int!, $after: String) {
        \(field)(first: $first, after: $after\(arguments)) {
          \(items) pageInfo { hasNextPage endCursor }
        }
      }
      """
  }

  /// A source over the notes connection at `base` (the server or a proxy in front of it).
  static func source(
    _ base: URL, pageSize: Int, nodes: Bool = false, method: GraphQLMethod = .post
  ) -> HTTPPageSource<GraphQLNote> {
    HTTPPageSource(
      url: base.appendingPathComponent("graphql"),
      strategy: .graphQLConnection(
        query: query(nodes: nodes), connectionPath: ["notes"], pageSize: pageSize,
        method: method))
  }

  /// The fault scenarios over the connection, 50 a page: 6 pages of `n` = 1...300.
  static let faults = ServerFaults<GraphQLNote, Int>(
    source: { source($0, pageSize: 50) }, key: \.n, table: Array(1...300), pages: 6)

  /// Starts a strawberry server of the test's own (its notes are made at start-up, so a
  /// restarted one serves the same rows).
  static func ownServer(port: Int) async throws -> LocalServer {
    try await LocalServer.executable(
      try variable("PAGING_STRAWBERRY_PYTHON"),
      [try variable("PAGING_STRAWBERRY_APP"), String(port)], marker: LocalServer.runningOn)
  }
}

/// strawberry: a GraphQL Relay connection walked with `.graphQLConnection`: every page posted
/// to the same URL with its own `after`, `edges` and `nodes`, and GraphQL errors that come
/// with HTTP 200 and `"data": null`.
@Suite(
  "strawberry: a GraphQL Relay connection over POST and GET",
  .enabled(if: Strawberry.isConfiguredOrCI, Strawberry.disabledReason),
  .timeLimit(.minutes(minuteLimit)))
struct StrawberryTests {
  /// `edges` and `nodes` posted, and GraphQL over GET: strawberry answers queries sent as the
  /// `query` and `variables` parameters of a GET too, page by page to the end.
  @Test(arguments: [(false, GraphQLMethod.post), (true, .post), (false, .get)])
  func theConnectionIsWalkedToItsEndOncePagePerPage(_ nodes: Bool, _ method: GraphQLMethod)
    async throws
  {
    let source = Strawberry.source(
      try Strawberry.baseURL(), pageSize: 64, nodes: nodes, method: method)
    var numbers: [Int] = []
    var pages = 0
    for try await page in source.pages() {
      pages += 1
      numbers += page.items.map(\.n)
    }
    #expect(numbers == Array(1...300))
    #expect(pages == 5)
    #expect(source.firstPage?.method == method.rawValue)
  }

  @Test func aGraphQLErrorWithHTTP200IsTypedAndLeaksNoToken() async throws {
    let source = HTTPPageSource<GraphQLNote>(
      url: try Strawberry.baseURL().appendingPathComponent("graphql"),
      strategy: .graphQLConnection(
        query: Strawberry.query(
          nodes: true, field: "failingNotes", arguments: #", token: "sk_live_T0K3N""#),
        connectionPath: ["failingNotes"], pageSize: 10))
    let error = await loadError(source)
    guard case .graphQL(_, let messages)? = error else {
      Issue.record("expected a GraphQL error, got \(String(describing: error))")
      return
    }
    #expect(messages.count == 1)
    #expect(messages.first?.contains("sk_live_T0K3N") == true)
    #expect(error?.isRetryable == false)
    #expect(error?.description.contains("T0K3N") == false)
    #expect(
      error?.description.hasSuffix("1 error (their messages are not quoted)") == true,
      "\(String(describing: error))")
  }

  @Test func aMistypedQueryIsAGraphQLErrorNotADecodingError() async throws {
    let source = HTTPPageSource<GraphQLNote>(
      url: try Strawberry.baseURL().appendingPathComponent("graphql"),
      strategy: .graphQLConnection(
        query: Strawberry.query(nodes: true, field: "notez"), connectionPath: ["notez"],
        pageSize: 10))
    let error = await loadError(source)
    guard case .graphQL(_, let messages)? = error else {
      Issue.record("expected a GraphQL error, got \(String(describing: error))")
      return
    }
    #expect(messages.first?.contains("notez") == true)
  }
}

/// strawberry under the common server faults, every page a POST to `/graphql` (the proxy logs
/// each with its body, so a retried page is the same request and the next one is not).
@Suite(
  "strawberry: faults mid-walk",
  .enabled(if: Strawberry.isConfiguredOrCI, Strawberry.disabledReason),
  .timeLimit(.minutes(minuteLimit)))
struct StrawberryFaultTests {
  @Test func a500EndsTheWalkAndItsCursorResumesIt() async throws {
    try await Strawberry.faults.serverError(upstream: try Strawberry.baseURL())
  }

  @Test func a503WaitsForRetryAfterAndTheWalkGoesOn() async throws {
    try await Strawberry.faults.unavailable(upstream: try Strawberry.baseURL())
  }

  @Test func aTruncatedBodyKeepsTheRowsAndRetryResumes() async throws {
    try await Strawberry.faults.truncated(upstream: try Strawberry.baseURL())
  }

  @Test func aKilledServerRestartedResumesAtTheSameCursor() async throws {
    try await Strawberry.faults.killedAndRestarted { try await Strawberry.ownServer(port: $0) }
  }
}
