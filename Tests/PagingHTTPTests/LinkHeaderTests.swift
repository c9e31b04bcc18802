import Foundation
import PagingHTTP
import Testing

import var PagingTestSupport.minuteLimit

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// One row of the parser's table: header field values as servers send them, and the links
/// and errors RFC 8288 appendix B says they hold.
struct LinkHeaderCase: Sendable, CustomTestStringConvertible {
  var name: String
  var fields: [String]
  var base: String?
  /// Each expected link as its absolute target and its relation types.
  var links: [Expected]
  var errors: [LinkHeaderError] = []
  var testDescription: String { name }

  struct Expected: Sendable, Equatable, CustomStringConvertible {
    var target: String
    var relations: [String]
    var description: String { "<\(target)> \(relations)" }
  }
}

private func link(_ target: String, _ relations: String...) -> LinkHeaderCase.Expected {
  LinkHeaderCase.Expected(target: target, relations: relations)
}

private let github = "https://api.github.com/repositories/1300192/issues"
private let gitlab = "https://gitlab.example.com/api/v4/projects/8/issues/8/notes"
private let datasetteHTML =
  #"http://127.0.0.1:8001/fixtures/facetable.json; rel="alternate"; type="application/json+datasette""#
private let garbled = #"<https://a.example/1>; rel="prev", junk, <https://a.example/2>; rel="next""#

let linkHeaderCases: [LinkHeaderCase] = [
  LinkHeaderCase(
    name: "Datasette JSON page",
    fields: [#"<http://127.0.0.1:8001/db/t.json?_next=5>; rel="next""#],
    links: [link("http://127.0.0.1:8001/db/t.json?_next=5", "next")]),
  LinkHeaderCase(
    name: "Datasette HTML page (no angle brackets)", fields: [datasetteHTML], links: [],
    errors: [LinkHeaderError(fieldValue: datasetteHTML, offset: 0, reason: .expectedLinkValue)]),
  LinkHeaderCase(
    name: "GitHub, prev first",
    fields: [
      #"<\#(github)?page=2>; rel="prev", <\#(github)?page=4>; rel="next", "#
        + #"<\#(github)?page=515>; rel="last", <\#(github)?page=1>; rel="first""#
    ],
    links: [
      link("\(github)?page=2", "prev"), link("\(github)?page=4", "next"),
      link("\(github)?page=515", "last"), link("\(github)?page=1", "first"),
    ]),
  LinkHeaderCase(
    name: "GitHub first page",
    fields: [#"<\#(github)?page=2>; rel="next", <\#(github)?page=34>; rel="last""#],
    links: [link("\(github)?page=2", "next"), link("\(github)?page=34", "last")]),
  LinkHeaderCase(
    name: "GitHub last page (no next)",
    fields: [#"<\#(github)?page=1>; rel="first", <\#(github)?page=33>; rel="prev""#],
    links: [link("\(github)?page=1", "first"), link("\(github)?page=33", "prev")]),
  LinkHeaderCase(
    name: "GitLab four links",
    fields: [
      #"<\#(gitlab)?page=1&per_page=3>; rel="prev", <\#(gitlab)?page=3&per_page=3>; rel="next", "#
        + #"<\#(gitlab)?page=1&per_page=3>; rel="first", <\#(gitlab)?page=3&per_page=3>; rel="last""#
    ],
    links: [
      link("\(gitlab)?page=1&per_page=3", "prev"), link("\(gitlab)?page=3&per_page=3", "next"),
      link("\(gitlab)?page=1&per_page=3", "first"), link("\(gitlab)?page=3&per_page=3", "last"),
    ]),
  LinkHeaderCase(
    name: "docker-registry relative next", fields: [#"</v2/_catalog?last=b&n=2>; rel="next""#],
    base: "http://127.0.0.1:5000/v2/_catalog?n=2",
    links: [link("http://127.0.0.1:5000/v2/_catalog?last=b&n=2", "next")]),
  LinkHeaderCase(
    name: "Mastodon next and prev",
    fields: [
      "<https://mastodon.social/api/v1/timelines/home?max_id=109>; rel=\"next\", "
        + "<https://mastodon.social/api/v1/timelines/home?min_id=110>; rel=\"prev\""
    ],
    links: [
      link("https://mastodon.social/api/v1/timelines/home?max_id=109", "next"),
      link("https://mastodon.social/api/v1/timelines/home?min_id=110", "prev"),
    ]),
  LinkHeaderCase(
    name: "Sentry cursors with colons and extra parameters",
    fields: [
      #"<https://sentry.io/api/0/projects/?&cursor=1:0:1>; rel="previous"; results="false"; "#
        + #"cursor="1:0:1", <https://sentry.io/api/0/projects/?&cursor=1:100:0>; rel="next"; "#
        + #"results="true"; cursor="1:100:0""#
    ],
    links: [
      link("https://sentry.io/api/0/projects/?&cursor=1:0:1", "previous"),
      link("https://sentry.io/api/0/projects/?&cursor=1:100:0", "next"),
    ]),
  LinkHeaderCase(
    name: "WordPress API discovery plus next",
    fields: [
      #"<https://example.com/wp-json/>; rel="https://api.w.org/""#,
      #"<https://example.com/wp-json/wp/v2/posts?page=2>; rel="next""#,
    ],
    links: [
      link("https://example.com/wp-json/", "https://api.w.org/"),
      link("https://example.com/wp-json/wp/v2/posts?page=2", "next"),
    ]),
  LinkHeaderCase(
    name: "RFC 8288 3.5: relative extension type", fields: [#"</>; rel="http://example.net/foo""#],
    base: "http://example.com/TheBook/chapter3",
    links: [link("http://example.com/", "http://example.net/foo")]),
  LinkHeaderCase(
    name: "RFC 8288 3.5: several relation types",
    fields: [#"<http://example.org/>; rel="start http://example.net/relation/other""#],
    links: [link("http://example.org/", "start", "http://example.net/relation/other")]),
  LinkHeaderCase(
    name: "RFC 8288 3.5: title* values",
    fields: [
      "</TheBook/chapter2>; rel=\"previous\"; title*=UTF-8'de'letztes%20Kapitel, "
        + "</TheBook/chapter4>; rel=\"next\"; title*=UTF-8'de'n%c3%a4chstes%20Kapitel"
    ],
    base: "http://example.com/TheBook/chapter3",
    links: [
      link("http://example.com/TheBook/chapter2", "previous"),
      link("http://example.com/TheBook/chapter4", "next"),
    ]),
  LinkHeaderCase(
    name: "quoted title holding a comma and a semicolon",
    fields: [#"<https://a.example/x>; title="a, b; c"; rel="next""#],
    links: [link("https://a.example/x", "next")]),
  LinkHeaderCase(
    name: "escaped quote and token rel",
    fields: [#"<https://a.example/x>; title="say \"hi\""; rel=next"#],
    links: [link("https://a.example/x", "next")]),
  LinkHeaderCase(
    name: "upper-case names and values", fields: [#"<https://a.example/x>; REL="NEXT""#],
    links: [link("https://a.example/x", "next")]),
  LinkHeaderCase(
    name: "next and last in one rel", fields: [#"<https://a.example/p2>; rel="next last""#],
    links: [link("https://a.example/p2", "next", "last")]),
  LinkHeaderCase(
    name: "white space around ';' and '='", fields: [#"<https://a.example/x> ; rel = "next" "#],
    links: [link("https://a.example/x", "next")]),
  LinkHeaderCase(
    name: "empty list elements", fields: [#", <https://a.example/x>; rel="next",, "#],
    links: [link("https://a.example/x", "next")]),
  LinkHeaderCase(name: "empty value", fields: [""], links: []),
  LinkHeaderCase(name: "no header", fields: [], links: []),
  LinkHeaderCase(
    name: "garbage", fields: ["garbage"], links: [],
    errors: [LinkHeaderError(fieldValue: "garbage", offset: 0, reason: .expectedLinkValue)]),
  LinkHeaderCase(
    name: "unterminated target", fields: [#"<https://a.example/x; rel="next""#], links: [],
    errors: [
      LinkHeaderError(
        fieldValue: #"<https://a.example/x; rel="next""#, offset: 0, reason: .unterminatedTarget)
    ]),
  LinkHeaderCase(
    name: "junk between link-values stops the parse", fields: [garbled],
    links: [link("https://a.example/1", "prev")],
    errors: [LinkHeaderError(fieldValue: garbled, offset: 35, reason: .expectedLinkValue)]),
  LinkHeaderCase(
    name: "junk in one field, next in another",
    fields: ["junk", #"<https://a.example/2>; rel="next""#],
    links: [link("https://a.example/2", "next")],
    errors: [LinkHeaderError(fieldValue: "junk", offset: 0, reason: .expectedLinkValue)]),
  LinkHeaderCase(
    name: "unreadable target is skipped",
    fields: [#"<http://[::1>; rel="next", <https://a.example/ok>; rel="next""#],
    links: [link("https://a.example/ok", "next")],
    errors: [
      LinkHeaderError(
        fieldValue: #"<http://[::1>; rel="next", <https://a.example/ok>; rel="next""#, offset: 0,
        reason: .invalidTarget("http://[::1"))
    ]),
  LinkHeaderCase(
    name: "link without rel is no link", fields: ["<https://a.example/x>; title=\"x\""], links: []),
  LinkHeaderCase(
    name: "first rel wins", fields: [#"<https://a.example/x>; rel="next"; rel="prev""#],
    links: [link("https://a.example/x", "next")]),
  LinkHeaderCase(
    name: "RFC 3986 5.4.1 relative forms",
    fields: [#"<../g>; rel="up", <?y>; rel="alternate", <//g>; rel="other", <>; rel="self""#],
    base: "http://a/b/c/d;p?q#f",
    links: [
      link("http://a/b/g", "up"), link("http://a/b/c/d;p?y", "alternate"),
      link("http://g", "other"), link("http://a/b/c/d;p?q", "self"),
    ]),
]

@Suite("LinkHeader (RFC 8288)", .timeLimit(.minutes(minuteLimit)))
struct LinkHeaderTests {
  @Test("parses real-world header values", arguments: linkHeaderCases)
  func table(_ row: LinkHeaderCase) {
    let header = LinkHeader(fieldValues: row.fields, baseURL: row.base.flatMap(URL.init(string:)))
    let links = header.links.map {
      LinkHeaderCase.Expected(target: $0.target.absoluteString, relations: $0.relationTypes)
    }
    #expect(links == row.links)
    #expect(header.errors == row.errors)
  }

  @Test func theTableHasAtLeastTwentyRows() {
    #expect(linkHeaderCases.count >= 20)
  }

  @Test func nextOfGitHubStyleHeaderIsTheNextLinkNotTheFirst() {
    let header = LinkHeader(
      fieldValue: #"<\#(github)?page=2>; rel="prev", <\#(github)?page=4>; rel="next""#,
      baseURL: nil)
    #expect(header.target(relation: "next")?.absoluteString == "\(github)?page=4")
    #expect(header.target(relation: "NEXT")?.absoluteString == "\(github)?page=4")
    #expect(header.target(relation: "last") == nil)
    #expect(header.links(relation: "prev").map(\.target.absoluteString) == ["\(github)?page=2"])
  }

  @Test func attributesKeepOrderUnquoteAndPreferTheEncodedForm() throws {
    let header = LinkHeader(
      fieldValue: #"<https://a.example/x>; title="plain"; rel="next"; TYPE="text/html"; "#
        + "title*=UTF-8'de'n%c3%a4chstes%20Kapitel; anchor=\"#top\"; hreflang=de; rev=\"x\"",
      baseURL: URL(string: "https://a.example/list?page=1"))
    let link = try #require(header.links.first)
    #expect(
      link.attributes == [
        WebLink.Attribute(name: "type", value: "text/html"),
        WebLink.Attribute(name: "title", value: "nächstes Kapitel"),
        WebLink.Attribute(name: "hreflang", value: "de"),
      ])
    #expect(link.attribute("Title") == "nächstes Kapitel")
    #expect(link.context?.absoluteString == "https://a.example/list?page=1#top")
  }

  @Test func quotedValuesKeepCommasSemicolonsAndEscapes() throws {
    let header = LinkHeader(
      fieldValue:
        #"<https://a.example/x>; title="a, b; c \"d\""; rel="next", <https://a.example/y>; rel=last"#,
      baseURL: nil)
    #expect(header.links.count == 2)
    #expect(header.links.first?.attribute("title") == #"a, b; c "d""#)
    #expect(header.target(relation: "last")?.absoluteString == "https://a.example/y")
  }

  @Test func anUndecodableEncodedParameterIsDropped() throws {
    let header = LinkHeader(
      fieldValue: "<https://a.example/x>; rel=next; title=plain; title*=KOI8-R''%c1",
      baseURL: nil)
    #expect(header.links.first?.attributes == [WebLink.Attribute(name: "title", value: "plain")])
    #expect(header.errors.isEmpty)
  }

  @Test func anISO88591EncodedParameterDecodesEachByteAsItsScalar() throws {
    let header = LinkHeader(
      fieldValue: "<https://a.example/x>; rel=next; title*=iso-8859-1'fr'caf%e9%20%ff",
      baseURL: nil)
    #expect(header.links.first?.attribute("title") == "caf\u{E9} \u{FF}")
    #expect(header.errors.isEmpty)
  }

  @Test func malformedUTF8InAnEncodedParameterKeepsThePlainValue() throws {
    // %c3 starts a two-byte sequence that %28 does not continue; %ed%a0%80 is a surrogate.
    for encoded in ["caf%c3%28", "x%ed%a0%80", "%ff", "%c3"] {
      let header = LinkHeader(
        fieldValue: "<https://a.example/x>; rel=next; title=plain; title*=UTF-8''\(encoded)",
        baseURL: nil)
      #expect(
        header.links.first?.attributes == [WebLink.Attribute(name: "title", value: "plain")],
        "\(encoded)")
    }
  }

  @Test func anUnterminatedQuotedStringRunsToTheEnd() {
    let header = LinkHeader(fieldValue: #"<https://a.example/x>; rel="next"#, baseURL: nil)
    #expect(header.target(relation: "next")?.absoluteString == "https://a.example/x")
    #expect(header.errors.isEmpty)
  }

  @Test func aResponseHeaderIsReadCaseInsensitivelyAgainstTheResponseURL() throws {
    let url = try #require(URL(string: "http://127.0.0.1:5000/v2/_catalog?n=2"))
    let response = try #require(
      HTTPURLResponse(
        url: url, statusCode: 200, httpVersion: "HTTP/1.1",
        headerFields: ["link": #"</v2/_catalog?last=b&n=2>; rel="next""#]))
    let header = LinkHeader(response: response)
    #expect(
      header.target(relation: "next")?.absoluteString
        == "http://127.0.0.1:5000/v2/_catalog?last=b&n=2")
  }
}
