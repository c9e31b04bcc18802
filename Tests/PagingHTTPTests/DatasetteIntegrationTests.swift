import Foundation
import Paging
import PagingHTTP
import Testing

import var PagingTestSupport.minuteLimit

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// One whole-table walk: a strategy, a sort and a page size.
struct DatasetteWalkCase: Sendable, CustomTestStringConvertible {
  enum Strategy: String, Sendable { case linkHeader, cursorField }
  var strategy: Strategy
  var sort: URLQueryItem?
  var pageSize: Int

  /// The SQL order that the sort means, with the primary key as the tie-break.
  var order: String {
    switch (sort?.name, sort?.value) {
    case ("_sort_desc", let column?): "\(column) desc, id"
    case ("_sort", let column?): "\(column), id"
    default: "id"
    }
  }

  var testDescription: String {
    "\(strategy.rawValue), \(sort.map { "\($0.name)=\($0.value ?? "")" } ?? "no sort"), _size=\(pageSize)"
  }
}

private let desc = URLQueryItem(name: "_sort_desc", value: "released_at")
private let asc = URLQueryItem(name: "_sort", value: "released_at")

@Suite(
  "Datasette 0.65.5 (real server on 127.0.0.1)",
  .enabled(if: Datasette.isConfiguredOrCI, Datasette.disabledReason),
  .timeLimit(.minutes(minuteLimit)))
@MainActor
struct DatasetteIntegrationTests {
  /// A source over the shared server's table.
  private func source(
    _ base: URL, _ strategy: DatasetteWalkCase.Strategy, pageSize: Int, sort: URLQueryItem?
  ) -> HTTPPageSource<ReleaseNote> {
    let shape = strategy == .linkHeader ? "array" : "objects"
    let query =
      [
        URLQueryItem(name: "_size", value: String(pageSize)),
        URLQueryItem(name: "_shape", value: shape),
      ]
      + Datasette.lean + (sort.map { [$0] } ?? [])
    return HTTPPageSource(
      url: Datasette.tableURL(base),
      strategy: strategy == .linkHeader
        ? .linkHeader()
        : .cursorField(itemsPath: ["rows"], cursorPath: ["next"], queryItem: "_next"),
      queryItems: query, decoder: Datasette.decoder)
  }

  @Test(
    "walks the whole table like the database orders it",
    arguments: [
      DatasetteWalkCase(strategy: .linkHeader, sort: nil, pageSize: 1000),
      DatasetteWalkCase(strategy: .linkHeader, sort: desc, pageSize: 1000),
      DatasetteWalkCase(strategy: .linkHeader, sort: asc, pageSize: 100),
      DatasetteWalkCase(strategy: .cursorField, sort: nil, pageSize: 100),
      DatasetteWalkCase(strategy: .cursorField, sort: desc, pageSize: 1000),
      DatasetteWalkCase(strategy: .cursorField, sort: asc, pageSize: 1000),
    ])
  func walkTheWholeTable(_ walkCase: DatasetteWalkCase) async throws {
    let base = try Datasette.baseURL()
    let expected = try await Datasette.expectedIDs(base: base, order: walkCase.order)
    let paginator = Paginator(
      source: source(base, walkCase.strategy, pageSize: walkCase.pageSize, sort: walkCase.sort))

    let result = await walk(paginator)

    #expect(result.appendState == .complete)
    #expect(result.ids.count == expected.count)
    #expect(result.ids == expected)
    #expect(result.metrics.duplicatesDropped == 0)
    let pages = (expected.count + walkCase.pageSize - 1) / walkCase.pageSize
    #expect(result.metrics.requestsCompleted == pages)
    #expect(result.metrics.requestsFailed == 0)
  }

  @Test(
    "walks a SQL query by page number and by offset",
    arguments: [false, true])
  func walkBySQLPages(byOffset: Bool) async throws {
    let base = try Datasette.baseURL()
    let expected = try await Datasette.expectedIDs(base: base, order: "released_at, id")
    let columns = "id, released_at, version, section, issue, title, body"
    let window = byOffset ? "limit :limit offset :offset" : "limit 500 offset (:page - 1) * 500"
    let source = HTTPPageSource<ReleaseNote>(
      url: Datasette.sqlURL(base),
      strategy: byOffset ? .offset(limit: 700) : .pageNumber(pageSize: 500),
      queryItems: [
        URLQueryItem(
          name: "sql",
          value: "select \(columns) from release_notes order by released_at, id \(window)"),
        URLQueryItem(name: "_shape", value: "array"),
      ],
      decoder: Datasette.decoder)

    let result = await walk(Paginator(source: source))

    #expect(result.appendState == .complete)
    #expect(result.ids == expected)
    #expect(result.metrics.duplicatesDropped == 0)
  }

  @Test(
    "a bad _size is a typed HTTP error with the server's message",
    arguments: [
      ("abc", "_size must be a positive integer"), ("2000", "_size must be <= 1000"),
    ])
  func badPageSize(_ size: String, _ message: String) async throws {
    struct DatasetteError: Decodable, Equatable {
      var ok: Bool
      var error: String
      var status: Int
    }
    let base = try Datasette.baseURL()
    let source = HTTPPageSource<ReleaseNote>(
      url: Datasette.tableURL(base), strategy: .linkHeader(),
      queryItems: [
        URLQueryItem(name: "_size", value: size), URLQueryItem(name: "_shape", value: "array"),
      ],
      decoder: Datasette.decoder)
    let paginator = Paginator(source: source)

    await paginator.start()

    guard case .failed(.sourceFailed(let failure as HTTPPagingError)) = paginator.refreshState,
      case .status(let status, _, let retryAfter, let body) = failure
    else {
      Issue.record("expected an HTTP status error, got \(paginator.refreshState)")
      return
    }
    #expect(status == 400)
    #expect(retryAfter == nil)
    #expect(failure.isRetryable == false)
    #expect(
      try JSONDecoder().decode(DatasetteError.self, from: body)
        == DatasetteError(ok: false, error: message, status: 400))
    #expect(paginator.items.isEmpty)
  }

  @Test("Datasette's HTML page sends a Link header without angle brackets")
  func htmlPageLinkHeader() async throws {
    let base = try Datasette.baseURL()
    let htmlURL = base.appendingPathComponent("release_notes").appendingPathComponent(
      "release_notes")
    let (_, response) = try await URLSessionTransport.shared.response(
      for: URLRequest(url: htmlURL), maximumBodySize: 1 << 24)
    let field = try #require(response.value(forHTTPHeaderField: "Link"))

    let header = LinkHeader(response: response)

    #expect(
      field
        == "\(Datasette.tableURL(base).absoluteString); rel=\"alternate\"; type=\"application/json+datasette\""
    )
    #expect(header.links.isEmpty)
    #expect(
      header.errors == [LinkHeaderError(fieldValue: field, offset: 0, reason: .expectedLinkValue)])
  }
}
