import DemoSupport
import Foundation
import PagingTestSupport
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// The picture of a session (`paging-demo --svg`): a well-formed, self-contained SVG that
/// carries the session's figures.
@MainActor
@Suite(
  "DemoPicture: the session as an SVG",
  .enabled(
    if: !underThreadSanitizer,
    "main-actor simulation: nothing for ThreadSanitizer to find, and its minutes there queued other suites past their limits"
  ), .timeLimit(.minutes(minuteLimit)))
struct DemoPictureTests {
  /// What the parser saw: every element with its attributes and the panel it is in, and the
  /// text of each panel's heading.
  private final class Collector: NSObject, XMLParserDelegate {
    var root: String?
    var elements: [(name: String, attributes: [String: String], panel: String?)] = []
    var texts: [String] = []
    private var panel: String?
    private var depth = 0
    private var panelDepth = 0
    private var text = ""

    func parser(
      _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
      qualifiedName: String?, attributes: [String: String] = [:]
    ) {
      depth += 1
      if root == nil { root = elementName }
      if let id = attributes["id"], id.hasPrefix("panel-") {
        panel = id
        panelDepth = depth
      }
      elements.append((elementName, attributes, panel))
      if elementName == "text" { text = "" }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }

    func parser(
      _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?,
      qualifiedName: String?
    ) {
      if elementName == "text" { texts.append(text) }
      if depth == panelDepth { panel = nil }
      depth -= 1
    }
  }

  private func parse(_ svg: String) throws -> Collector {
    let parser = XMLParser(data: Data(svg.utf8))
    let collector = Collector()
    parser.delegate = collector
    #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
    return collector
  }

  @Test("the default session: three panels, one mark per request, the table's figures")
  func defaultSession() async throws {
    let (report, traces) = try await DemoSession.embeddedRun(DemoOptions())
    let svg = DemoPicture.svg(report: report, traces: traces)
    let parsed = try parse(svg)
    #expect(parsed.root == "svg")
    let root = try #require(parsed.elements.first)
    #expect(root.attributes["xmlns"] == "http://www.w3.org/2000/svg")
    #expect(root.attributes["viewBox"] == "0 0 1200 \(root.attributes["height"] ?? "?")")
    // Self-contained: no script, no link to anything outside, no embedded font.
    #expect(
      !parsed.elements.contains { ["script", "image", "foreignObject", "style"].contains($0.name) })
    #expect(!parsed.elements.contains { $0.attributes.keys.contains { $0.contains("href") } })
    #expect(!parsed.elements.contains { $0.attributes.keys.contains { $0.hasPrefix("on") } })

    for (index, feed) in report.feeds.enumerated() {
      let panel = "panel-\(index)"
      let marks = parsed.elements.filter {
        $0.panel == panel && ($0.attributes["class"] ?? "").hasPrefix("request ")
      }
      #expect(marks.count == feed.requestsIssued, "\(feed.feed)")
      let kinds = Dictionary(grouping: marks, by: { $0.attributes["class"] ?? "" }).mapValues(
        \.count)
      let afterEnd = kinds["request afterEnd"] ?? 0
      #expect(afterEnd == feed.requestsAfterEnd, "\(feed.feed)")
      // A duplicate after the end is drawn as after the end.
      #expect((kinds["request duplicate"] ?? 0) <= feed.duplicateRequests, "\(feed.feed)")
      #expect(
        (kinds["request duplicate"] ?? 0) + afterEnd >= feed.duplicateRequests, "\(feed.feed)")
      #expect(
        parsed.texts.contains {
          $0.hasPrefix(feed.feed) && $0.contains("\(feed.requestsIssued) requests")
        })
    }
    // The figures, as the table has them, after the panel's name. The parser joins the two
    // spans; a renderer keeps them apart by the figures' own offset, since SVG collapses the
    // spaces between them.
    for index in report.feeds.indices {
      let spans = parsed.elements.filter { $0.panel == "panel-\(index)" && $0.name == "tspan" }
      #expect(spans.count == 2)
      #expect(spans.last?.attributes["dx"] == "10")
    }
    #expect(
      parsed.texts.contains(
        "naive onAppear391 requests · 377 duplicates · 356 after the end · 0.00 s at a spinner"))
    #expect(parsed.texts.contains("guarded onAppear11 requests · 40.65 s at a spinner"))
    #expect(parsed.texts.contains("Paginator15 requests · 0.00 s at a spinner"))
    // Paginator's panel: one failed request (the dropped answer), one cancelled (the refresh).
    let paginatorMarks = parsed.elements.filter { $0.panel == "panel-2" }.compactMap {
      $0.attributes["class"]
    }
    #expect(paginatorMarks.count { $0 == "request failed" } == 1)
    #expect(paginatorMarks.count { $0 == "request cancelled" } == 1)
    // The guarded code's 40 s at the end of the loaded rows are shaded.
    let waits = parsed.elements.filter { $0.panel == "panel-1" && $0.attributes["class"] == "wait" }
    let widest = waits.compactMap { Double($0.attributes["width"] ?? "") }.max() ?? 0
    #expect(widest > 400)
    // What the user did is labelled in each panel: the default session has one fling, one
    // pull to refresh, one lost answer and one jitter.
    for index in 0..<3 {
      let moments = parsed.elements.filter {
        $0.panel == "panel-\(index)" && $0.attributes["class"] == "moment"
      }
      #expect(moments.count == 4, "panel \(index)")
    }
    for label in ["fling", "pull to refresh", "answer lost", "jitter"] {
      #expect(parsed.texts.count { $0 == label } == 3, "\(label)")
    }
    // The legend names each mark.
    for label in [
      "rows loaded", "rows on screen", "user waits at a spinner", "duplicate", "after the end",
      "failed", "cancelled",
    ] {
      #expect(parsed.texts.contains(label), "\(label)")
    }
  }

  @Test("the committed docs/paging-demo.svg is the default session's picture")
  func committedPicture() async throws {
    let (report, traces) = try await DemoSession.embeddedRun(DemoOptions())
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let committed = try String(
      contentsOf: root.appendingPathComponent("docs/paging-demo.svg"), encoding: .utf8)
    #expect(committed == DemoPicture.svg(report: report, traces: traces))
  }

  @Test("chat and search: their own figures in the headings, stale rows drawn for the search")
  func scenarios() async throws {
    let chat = try await DemoSession.embeddedRun(DemoOptions(scenario: .chat))
    let chatSVG = try parse(DemoPicture.svg(report: chat.report, traces: chat.traces))
    #expect(
      chatSVG.texts.contains(
        "naive onAppear7 requests · 6 anchor jumps · anchor moved 8,720 pt · 0.47 s at the top"))
    #expect(
      chatSVG.texts.contains(
        "Paginator7 requests · 0 anchor jumps · anchor moved 0 pt · 0.00 s at the top"))
    #expect(chatSVG.texts.contains("rows from the newest"))

    let search = try await DemoSession.embeddedRun(DemoOptions(scenario: .search))
    let searchSVG = try parse(DemoPicture.svg(report: search.report, traces: search.traces))
    #expect(searchSVG.texts.contains("Paginator8 requests · 0 cancelled · 0 stale rows shown"))
    let stale = { (panel: String) in
      searchSVG.elements.count { $0.panel == panel && $0.attributes["class"] == "stale" }
    }
    #expect(stale("panel-0") > 0)
    #expect(stale("panel-1") > 0)
    #expect(stale("panel-2") == 0)
  }

  @Test("paging-demo --svg writes the picture; an unwritable path fails with one line")
  func commandLine() async throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("paging-demo-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("chat.svg").path
    var output = ""
    var errors = ""
    let status = await PagingDemo.main(
      arguments: ["--scenario", "chat", "--svg", path], style: .plain,
      output: { output += $0 }, errorOutput: { errors += $0 })
    #expect(status == 0)
    #expect(errors == "paging-demo: wrote the picture to \(path)\n")
    #expect(output.hasPrefix("paging-demo: one chat session"))
    let written = try String(contentsOfFile: path, encoding: .utf8)
    #expect(try parse(written).root == "svg")

    let missing = directory.appendingPathComponent("no/such/dir/x.svg").path
    errors = ""
    let failed = await PagingDemo.main(
      arguments: ["--svg", missing], style: .plain, output: { _ in },
      errorOutput: { errors += $0 })
    #expect(failed == 1)
    #expect(errors.hasPrefix("paging-demo: cannot write the picture to \(missing): "))
    #expect(errors.filter { $0 == "\n" }.count == 1)
  }
}
