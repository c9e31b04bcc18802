import Foundation
import Paging
import PagingHTTP
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Fault class 29 of the rulebook: descriptions redact query values; code still reads the URL.
@Suite("HTTP errors keep secrets out of descriptions")
struct ErrorRedactionTests {
  private let secretURL = URL(
    "https://user:hunter2@api.example.com/v1/notes?api_key=s3cr3t&_next=tok%2Cen&flag&empty=#frag")

  @Test func aStatusErrorRedactsQueryValuesPasswordAndFragment() {
    let error = HTTPPagingError.status(
      statusCode: 403, url: secretURL, retryAfter: nil, bodyPrefix: Data("denied".utf8))

    #expect(
      error.description
        == "HTTP 403 from https://user:…@api.example.com/v1/notes?api_key=…&_next=…&…&empty=#…: denied"
    )
    #expect(error.url == secretURL)
    #expect(PagingError.sourceFailed(error).description.contains("s3cr3t") == false)
  }

  @Test func everyCaseWithAURLRedactsIt() {
    let errors: [HTTPPagingError] = [
      .decoding(
        url: secretURL,
        error: .dataCorrupted(.init(codingPath: [], debugDescription: "not JSON")),
        contentType: nil, bodyPrefix: Data()),
      .bodyTooLarge(url: secretURL, limit: 10),
      .crossOriginCursor(url: secretURL, origin: HTTPOrigin(scheme: "https", host: "a.example")),
      .malformedLinkHeader(url: secretURL, errors: []),
      .invalidCursor(url: secretURL, queryItem: "page"),
    ]
    for error in errors {
      #expect(!error.description.contains("s3cr3t"), "\(error)")
      #expect(!error.description.contains("hunter2"), "\(error)")
      #expect(!error.description.contains("tok"), "\(error)")
      #expect(error.description.contains("?api_key=…&_next=…"), "\(error)")
      #expect(error.url == secretURL)
    }
  }

  @Test func aRepeatedURLCursorIsRedactedToo() {
    let error = PagingError.repeatedCursor(URL("https://a.example/x?_next=s3cr3t"))
    #expect(
      error.description
        == "the server repeated cursor https://a.example/x?_next=…, whose page already loaded; refresh to start over"
    )
  }

  @Test func anEmptyBodyIsNamedAsSuch() {
    let error = HTTPPagingError.decoding(
      url: URL("https://a.example/x"),
      error: .dataCorrupted(.init(codingPath: [], debugDescription: "empty")),
      contentType: "application/json", bodyPrefix: Data())
    #expect(
      error.description.hasPrefix(
        "the body of https://a.example/x (Content-Type application/json, an empty body) did not decode"
      ))
  }

  @Test func aLongBodyIsQuotedShortWithControlCharactersBlanked() {
    let body = "<!DOCTYPE html>\n<html>" + String(repeating: "x", count: 100)
    let error = HTTPPagingError.decoding(
      url: URL("https://a.example/x"),
      error: .dataCorrupted(.init(codingPath: [], debugDescription: "not JSON")),
      contentType: "text/html", bodyPrefix: Data(body.utf8))
    let quoted = "<!DOCTYPE html> <html>" + String(repeating: "x", count: 42)
    #expect(
      error.description.hasPrefix(
        "the body of https://a.example/x (Content-Type text/html, starting \"\(quoted)…\")"))
    #expect(error.bodyText == body)
  }

  @Test func theStatusCodeReadsFromAPagingErrorInOneStep() {
    let status = HTTPPagingError.status(
      statusCode: 401, url: URL("https://a.example/x"), retryAfter: nil, bodyPrefix: Data())
    #expect(PagingError.sourceFailed(status).httpStatusCode == 401)
    #expect(PagingError.sourceFailed(status).httpError?.url == URL("https://a.example/x"))
    #expect(
      PagingError.sourceFailed(HTTPPagingError.transport(URLError(.timedOut))).httpStatusCode == nil
    )
    #expect(PagingError.noNewItems(pages: 3).httpStatusCode == nil)
  }
}
