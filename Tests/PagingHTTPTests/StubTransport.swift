import Foundation
import Paging
import PagingHTTP
import PagingWalk
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// What ``StubTransport`` answers to one request.
struct StubReply: Sendable {
  var status = 200
  var headers: [String: String] = [:]
  var body: Data

  init(status: Int = 200, headers: [String: String] = [:], body: String) {
    self.status = status
    self.headers = headers
    self.body = Data(body.utf8)
  }
}

/// An ``HTTPTransport`` that answers from a closure and records every request, so strategy
/// logic runs without a network.
actor StubTransport: HTTPTransport {
  private let reply: @Sendable (URLRequest) throws -> StubReply
  /// The requests in the order they were sent.
  private(set) var requests: [URLRequest] = []
  /// Whether each request waits for ``releaseNext()`` before it is answered.
  private let holding: Bool
  private var held: [CheckedContinuation<Void, Never>] = []
  private var arrivalWaiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
  /// Requests sent and not answered yet, and the most there were at once.
  private(set) var inFlight = 0
  private(set) var mostInFlight = 0

  /// - Parameters:
  ///   - holding: Whether each request waits for ``releaseNext()`` (default `false`).
  ///   - reply: The answer to each request.
  init(holding: Bool = false, _ reply: @escaping @Sendable (URLRequest) throws -> StubReply) {
    self.reply = reply
    self.holding = holding
  }

  /// Waits until `count` requests were sent.
  func waitUntilSent(_ count: Int) async {
    guard requests.count < count else { return }
    await withCheckedContinuation { arrivalWaiters.append((count, $0)) }
  }

  /// Answers the oldest request held.
  func releaseNext() {
    guard !held.isEmpty else { return }
    held.removeFirst().resume()
  }

  /// Answers with the same reply to every request.
  init(_ fixed: StubReply) {
    self.init { _ in fixed }
  }

  var requestedURLs: [String] { requests.map { $0.url?.absoluteString ?? "" } }

  func response(for request: URLRequest, maximumBodySize: Int) async throws -> (
    Data, HTTPURLResponse
  ) {
    requests.append(request)
    inFlight += 1
    mostInFlight = max(mostInFlight, inFlight)
    defer { inFlight -= 1 }
    let ready = arrivalWaiters.filter { $0.count <= requests.count }
    arrivalWaiters.removeAll { $0.count <= requests.count }
    for waiter in ready { waiter.continuation.resume() }
    if holding { await withCheckedContinuation { held.append($0) } }
    let stub = try reply(request)
    guard
      let url = request.url,
      let response = HTTPURLResponse(
        url: url, statusCode: stub.status, httpVersion: "HTTP/1.1", headerFields: stub.headers)
    else { throw URLError(.badURL) }
    return (stub.body, response)
  }
}

/// The item the unit tests decode.
struct Note: Decodable, Identifiable, Sendable, Equatable {
  var id: Int
  var title: String
}

/// Notes with these ids as a JSON array.
func notesJSON(_ ids: ClosedRange<Int>) -> String {
  "[" + ids.map { #"{"id": \#($0), "title": "n\#($0)"}"# }.joined(separator: ", ") + "]"
}

/// Notes with these ids.
func notes(_ ids: ClosedRange<Int>) -> [Note] { ids.map { Note(id: $0, title: "n\($0)") } }

extension URL {
  /// A URL from a literal the test knows to be valid.
  init(_ string: StaticString) {
    self.init(string: "\(string)")!
  }
}

/// The engine's request for `cursor` (nil: the first page).
func pageRequest(_ cursor: HTTPCursor?) -> PageRequest<HTTPCursor> {
  PageRequest(
    id: PageRequestID(rawValue: 1), direction: cursor == nil ? .refresh : .append, cursor: cursor,
    generation: Generation(rawValue: 0))
}

/// The engine's request for a `GET` of `url` (nil: the first page).
func pageRequest(url: URL?) -> PageRequest<HTTPCursor> {
  pageRequest(url.map { HTTPCursor(url: $0) })
}

/// Loads `cursor` (nil: the first page) from `source` and returns the ``HTTPPagingError`` it
/// throws; records an issue when it throws nothing or another error.
func loadError<Item>(
  _ source: HTTPPageSource<Item>, _ cursor: HTTPCursor? = nil,
  sourceLocation: SourceLocation = #_sourceLocation
) async -> HTTPPagingError? {
  await #expect(throws: HTTPPagingError.self, sourceLocation: sourceLocation) {
    try await source.loadPage(pageRequest(cursor))
  }
}

/// Loads a `GET` of `url` from `source` and returns the ``HTTPPagingError`` it throws.
func loadError<Item>(
  _ source: HTTPPageSource<Item>, _ url: URL?, sourceLocation: SourceLocation = #_sourceLocation
) async -> HTTPPagingError? {
  await loadError(source, url.map { HTTPCursor(url: $0) }, sourceLocation: sourceLocation)
}

/// Walks `source` to the end with manual retries and returns its items.
func walk(_ source: HTTPPageSource<Note>) async throws -> [Note] {
  var notes: [Note] = []
  for try await note in source.pages(options: PageWalkOptions(retryPolicy: .manual)).items {
    notes.append(note)
  }
  return notes
}
