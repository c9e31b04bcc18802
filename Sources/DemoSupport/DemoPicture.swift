/// The picture of one demo session (`paging-demo --svg FILE`): one panel per feed on the same
/// time axis, each showing the rows on screen and the rows loaded over time, the waits at a
/// spinner shaded, and each request as a mark (duplicates, requests after the end, failed and
/// cancelled ones each drawn differently), with a legend.
///
/// The SVG is self-contained: no script, no external font or image, only the generic
/// `sans-serif` font family and presentation attributes, so that it renders the same in a
/// browser and on GitHub (which shows SVGs as images). Each panel is a `<g>` whose `id` is
/// `panel-` and the feed's index, and each request mark carries `class="request KIND"`
/// (``DemoTrace/Request/Kind``), so that a test can count them.
package enum DemoPicture {
  /// The picture's width, in pixels.
  static let width = 1_200.0
  private static let left = 70.0
  private static let right = 24.0
  private static let plotHeight = 170.0
  private static let laneHeight = 34.0
  private static let panelGap = 58.0
  private static let top = 112.0

  /// How each request kind is drawn: its colour and its name in the legend.
  private static func style(_ kind: DemoTrace.Request.Kind) -> (color: String, label: String) {
    switch kind {
    case .useful: ("#2b6cb0", "request")
    case .duplicate: ("#dd6b20", "duplicate")
    case .afterEnd: ("#c53030", "after the end")
    case .failed: ("#1a202c", "failed")
    case .cancelled: ("#718096", "cancelled")
    }
  }

  private static let loadedColor = "#bee3f8"
  private static let screenColor = "#2c5282"
  private static let waitColor = "#fed7d7"
  private static let staleColor = "#ed8936"

  /// Draws `report`'s session from `traces` (one per feed, in the table's order).
  /// - Parameters:
  ///   - report: The session's report: its title, settings and figures.
  ///   - traces: What each feed did.
  /// - Returns: The SVG document, ending in `"\n"`.
  /// - Complexity: O(*s* + *r*) for *s* samples and *r* requests in all.
  package static func svg(report: DemoReport, traces: [DemoTrace]) -> String {
    let scenario = report.shownScenario
    let plotWidth = width - left - right
    let endMilliseconds = max(1, traces.map(\.milliseconds).max() ?? 1)
    let x: (Int) -> Double = { left + Double($0) / Double(endMilliseconds) * plotWidth }
    // One row scale for every panel, from the feeds that load what they show; a feed that
    // loads far more (the naive one) runs off the chart, and its panel says how far.
    let reference = traces.map { trace in
      trace.samples.map { max($0.lastVisible.map { $0 + 1 } ?? 0, $0.loaded) }.max() ?? 0
    }
    let sorted = reference.sorted()
    let most = sorted.last ?? 1
    let second = sorted.dropLast().last ?? most
    let sensible = most > 3 * max(1, second) ? second : most
    let rowsShown = Double(max(10, Int((Double(sensible) * 1.1).rounded(.up))))
    let panelHeight = plotHeight + laneHeight + panelGap
    let height = top + Double(traces.count) * panelHeight + 10

    var svg = """
      <svg xmlns="http://www.w3.org/2000/svg" width="\(f(width))" height="\(f(height))" \
      viewBox="0 0 \(f(width)) \(f(height))" font-family="sans-serif" font-size="13" \
      fill="#1a202c">
      <title>\(escape(scenario.heading))</title>
      <rect x="0" y="0" width="\(f(width))" height="\(f(height))" fill="#ffffff"/>
      <text x="\(f(left))" y="26" font-size="19" font-weight="bold">\(escape(scenario.heading))</text>
      <text x="\(f(left))" y="46" fill="#4a5568">\(escape(subtitle(report)))</text>

      """
    svg += legend(y: 72, scenario: scenario)
    for (index, trace) in traces.enumerated() {
      let feed = report.feeds.first { $0.feed == trace.feed }
      let y0 = top + Double(index) * panelHeight
      svg += panel(
        trace, feed: feed, index: index, scenario: scenario, y0: y0, x: x,
        rowsShown: rowsShown, endMilliseconds: endMilliseconds)
    }
    svg += "</svg>\n"
    return svg
  }

  /// `seed 1 · 150 ms median latency · 20 rows per page · 64.4 s`.
  private static func subtitle(_ report: DemoReport) -> String {
    var parts = [String]()
    if report.scenario == nil { parts.append("profile \(report.profile.rawValue)") }
    parts.append("seed \(report.seed)")
    if let latency = report.latencyMilliseconds { parts.append("\(latency) ms median latency") }
    parts.append("\(report.pageSize) rows per page")
    parts.append("Paginator's session took \(Format.decimal(report.sessionSeconds)) s")
    return "Same scripted user, same seed, three ways to page: " + parts.joined(separator: " · ")
  }

  private static func legend(y: Double, scenario: DemoScenario) -> String {
    var items: [(String, String)] = [
      (
        "<rect x=\"0\" y=\"-9\" width=\"14\" height=\"10\" fill=\"\(loadedColor)\"/>",
        "rows loaded"
      ),
      (
        "<rect x=\"0\" y=\"-9\" width=\"14\" height=\"10\" fill=\"\(screenColor)\"/>",
        "rows on screen"
      ),
      (
        "<rect x=\"0\" y=\"-9\" width=\"14\" height=\"10\" fill=\"\(waitColor)\"/>",
        scenario == .chat ? "user waits at the top" : "user waits at a spinner"
      ),
    ]
    if scenario == .search {
      items.append(
        (
          "<rect x=\"0\" y=\"-9\" width=\"14\" height=\"10\" fill=\"\(staleColor)\"/>",
          "stale rows on screen"
        ))
    }
    for kind in DemoTrace.Request.Kind.allCases {
      let (color, label) = style(kind)
      items.append((mark(kind, x: 7, y: -4, color: color, testable: false), label))
    }
    var result = "<g transform=\"translate(\(f(left)),\(f(y)))\">\n"
    var offset = 0.0
    for (symbol, label) in items {
      result += "<g transform=\"translate(\(f(offset)),0)\">\(symbol)"
      result += "<text x=\"20\" y=\"0\">\(escape(label))</text></g>\n"
      offset += 20 + Double(label.count) * 7 + 20
    }
    return result + "</g>\n"
  }

  private static func panel(
    _ trace: DemoTrace, feed: DemoReport.Row?, index: Int, scenario: DemoScenario, y0: Double,
    x: (Int) -> Double, rowsShown: Double, endMilliseconds: Int
  ) -> String {
    let plotWidth = width - left - right
    let y: (Double) -> Double = { y0 + min(rowsShown, max(0, $0)) / rowsShown * plotHeight }
    var svg = "<g id=\"panel-\(index)\">\n"
    svg += "<text x=\"\(f(left))\" y=\"\(f(y0 - 10))\" font-size=\"15\">"
    svg += "<tspan font-weight=\"bold\">\(escape(trace.feed))</tspan>"
    // The figures' own offset keeps them apart from the name: SVG collapses spaces between spans.
    let heading = feed.map { figures($0, scenario) } ?? ""
    svg += "<tspan dx=\"10\" fill=\"#4a5568\">\(escape(heading))</tspan>"
    svg += "</text>\n"
    svg +=
      "<rect x=\"\(f(left))\" y=\"\(f(y0))\" width=\"\(f(plotWidth))\" "
      + "height=\"\(f(plotHeight))\" fill=\"#f7fafc\" stroke=\"#cbd5e0\"/>\n"
    // Waits at a spinner: the whole height of the plot, where the user waited.
    for (start, end) in waits(trace) {
      svg +=
        "<rect class=\"wait\" x=\"\(f(x(start)))\" y=\"\(f(y0))\" "
        + "width=\"\(f(max(0.8, x(end) - x(start))))\" height=\"\(f(plotHeight))\" "
        + "fill=\"\(waitColor)\"/>\n"
    }
    let columns = self.columns(trace, x: x)
    // The loaded rows: from row 0 to the number loaded.
    if !columns.isEmpty {
      var path = "M\(f(columns[0].x)),\(f(y(0)))"
      for column in columns { path += " L\(f(column.x)),\(f(y(Double(column.loaded))))" }
      path += " L\(f(columns[columns.count - 1].x)),\(f(y(0))) Z"
      svg += "<path class=\"loaded\" d=\"\(path)\" fill=\"\(loadedColor)\"/>\n"
    }
    // The rows on screen: a band from the first to the last visible row.
    let visible = columns.filter { $0.first != nil }
    if !visible.isEmpty {
      var path = ""
      for (i, column) in visible.enumerated() {
        path += "\(i == 0 ? "M" : " L")\(f(column.x)),\(f(y(Double(column.first ?? 0))))"
      }
      for column in visible.reversed() {
        path += " L\(f(column.x)),\(f(y(Double((column.last ?? 0) + 1))))"
      }
      svg += "<path class=\"screen\" d=\"\(path) Z\" fill=\"\(screenColor)\" "
      svg += "stroke=\"\(screenColor)\" stroke-width=\"1.2\" stroke-linejoin=\"round\"/>\n"
    }
    // Search: where rows on screen did not match the text typed, the band turns orange.
    for (index, sample) in trace.samples.enumerated() where sample.staleOnScreen > 0 {
      let first = Double(sample.firstVisible ?? 0)
      let end =
        index + 1 < trace.samples.count
        ? trace.samples[index + 1].milliseconds : trace.milliseconds
      svg +=
        "<rect class=\"stale\" x=\"\(f(x(sample.milliseconds)))\" y=\"\(f(y(first)))\" "
        + "width=\"\(f(max(1, x(end) - x(sample.milliseconds))))\" "
        + "height=\"\(f(y(first + Double(sample.staleOnScreen)) - y(first)))\" "
        + "fill=\"\(staleColor)\"/>\n"
    }
    // What the user did, where it matters: a dashed line and a label at the top.
    var labelEnd = -Double.infinity
    for moment in trace.moments {
      let position = x(moment.milliseconds)
      svg +=
        "<line class=\"moment\" x1=\"\(f(position))\" y1=\"\(f(y0))\" x2=\"\(f(position))\" "
        + "y2=\"\(f(y0 + plotHeight))\" stroke=\"#4a5568\" stroke-width=\"0.8\" "
        + "stroke-dasharray=\"3,3\"/>\n"
      // A label that would run into the previous one is left out; its line stays.
      guard position > labelEnd + 4 else { continue }
      let labelWidth = Double(moment.label.count) * 6
      // Near the right edge the label goes to the left of its line.
      let fits = position + 3 + labelWidth < left + plotWidth
      svg +=
        "<text x=\"\(f(fits ? position + 3 : position - 3))\" y=\"\(f(y0 + plotHeight - 6))\" "
        + "fill=\"#4a5568\" font-size=\"11\"\(fits ? "" : " text-anchor=\"end\"")>"
        + "\(escape(moment.label))</text>\n"
      labelEnd = fits ? position + 3 + labelWidth : position
    }
    let loadedMost = trace.samples.map(\.loaded).max() ?? 0
    if Double(loadedMost) > rowsShown {
      svg +=
        "<text x=\"\(f(left + plotWidth - 8))\" y=\"\(f(y0 + 16))\" text-anchor=\"end\" "
        + "fill=\"#2c5282\">rows loaded run off the chart: up to "
        + "\(Format.count(loadedMost)) ↑</text>\n"
    }
    svg += axes(
      y0: y0, rowsShown: rowsShown, endMilliseconds: endMilliseconds, x: x, y: y,
      label: scenario == .chat ? "rows from the newest" : "rows from the top")
    // The requests: a lane under the plot, one mark at each send.
    let laneY = y0 + plotHeight + 20
    svg +=
      "<text x=\"\(f(left - 8))\" y=\"\(f(laneY + 4))\" text-anchor=\"end\" "
      + "fill=\"#4a5568\">requests</text>\n"
    svg +=
      "<line x1=\"\(f(left))\" y1=\"\(f(laneY))\" x2=\"\(f(left + plotWidth))\" "
      + "y2=\"\(f(laneY))\" stroke=\"#e2e8f0\"/>\n"
    // Three rows: requests that load something (or fail, or are cancelled) on top, then
    // duplicates, then requests after the end, so that each kind of waste reads on its own.
    let order: [(DemoTrace.Request.Kind, Double)] = [
      (.useful, -9), (.cancelled, -9), (.failed, -9), (.duplicate, 0), (.afterEnd, 9),
    ]
    for (kind, offset) in order {
      let (color, _) = style(kind)
      for request in trace.requests where request.kind == kind {
        svg += mark(
          kind, x: x(request.sentMilliseconds), y: laneY + offset, color: color, testable: true)
        svg += "\n"
      }
    }
    return svg + "</g>\n"
  }

  /// The panel's figures after its name, in the terms of the comparison table.
  private static func figures(_ feed: DemoReport.Row, _ scenario: DemoScenario) -> String {
    var parts = ["\(feed.requestsIssued) requests"]
    switch scenario {
    case .feed:
      if feed.duplicateRequests > 0 { parts.append("\(feed.duplicateRequests) duplicates") }
      if feed.requestsAfterEnd > 0 { parts.append("\(feed.requestsAfterEnd) after the end") }
      parts.append(
        "\(Format.seconds(milliseconds: Format.milliseconds(feed.stallTime))) s at a spinner")
    case .chat:
      parts.append("\(feed.viewportJumps) anchor jumps")
      parts.append("anchor moved \(Format.count(Int(feed.anchorMovement))) pt")
      parts.append(
        "\(Format.seconds(milliseconds: Format.milliseconds(feed.stallTimeAtTop))) s at the top")
    case .jump:
      parts.append("\(Format.count(feed.rowsLoaded)) rows loaded")
      parts.append(
        "\(Format.seconds(milliseconds: Format.milliseconds(feed.stallTime))) s waiting")
    case .search:
      parts.append("\(feed.cancelledRequests) cancelled")
      parts.append("\(feed.staleRowsShown ?? 0) stale rows shown")
    }
    return parts.joined(separator: " · ")
  }

  private static func axes(
    y0: Double, rowsShown: Double, endMilliseconds: Int, x: (Int) -> Double,
    y: (Double) -> Double, label: String
  ) -> String {
    var svg = ""
    let seconds = Double(endMilliseconds) / 1000
    let step = seconds > 60 ? 10.0 : seconds > 20 ? 5.0 : 2.0
    var tick = 0.0
    while tick <= seconds + 0.001 {
      let position = x(Int(tick * 1000))
      svg +=
        "<line x1=\"\(f(position))\" y1=\"\(f(y0 + plotHeight))\" x2=\"\(f(position))\" "
        + "y2=\"\(f(y0 + plotHeight + 4))\" stroke=\"#a0aec0\"/>"
      svg +=
        "<text x=\"\(f(position))\" y=\"\(f(y0 + plotHeight + laneHeight + 14))\" "
        + "text-anchor=\"middle\" fill=\"#718096\" font-size=\"12\">\(Format.decimal(tick)) s</text>\n"
      tick += step
    }
    let rowStep = niceStep(rowsShown / 4)
    var row = 0.0
    while row <= rowsShown + 0.001 {
      svg +=
        "<text x=\"\(f(left - 8))\" y=\"\(f(y(row) + 4))\" text-anchor=\"end\" "
        + "fill=\"#718096\" font-size=\"12\">\(Int(row))</text>\n"
      row += rowStep
    }
    svg +=
      "<text x=\"16\" y=\"\(f(y0 + plotHeight / 2))\" fill=\"#718096\" font-size=\"12\" "
      + "text-anchor=\"middle\" transform=\"rotate(-90 16 \(f(y0 + plotHeight / 2)))\">"
      + "\(label)</text>\n"
    return svg
  }

  /// 1, 2 or 5 times a power of ten, at least `value`.
  private static func niceStep(_ value: Double) -> Double {
    var power = 1.0
    while power * 10 <= value { power *= 10 }
    for factor in [1.0, 2, 5, 10] where power * factor >= value { return power * factor }
    return power * 10
  }

  /// The samples reduced to one column per pixel: the fewest rows on screen's first, the
  /// most's last, and the most loaded, over the samples in that pixel.
  private static func columns(_ trace: DemoTrace, x: (Int) -> Double) -> [(
    x: Double, first: Int?, last: Int?, loaded: Int, stale: Int
  )] {
    var result: [(x: Double, first: Int?, last: Int?, loaded: Int, stale: Int)] = []
    for (index, sample) in trace.samples.enumerated() {
      // A sample holds until the next one: draw it at its start and just before the next.
      let end =
        index + 1 < trace.samples.count
        ? trace.samples[index + 1].milliseconds : trace.milliseconds
      for position in [x(sample.milliseconds), x(end) - 0.01] {
        let pixel = position.rounded(.down)
        if let last = result.last, last.x.rounded(.down) == pixel {
          var merged = last
          merged.first = [last.first, sample.firstVisible].compactMap { $0 }.min()
          merged.last = [last.last, sample.lastVisible].compactMap { $0 }.max()
          merged.loaded = max(last.loaded, sample.loaded)
          merged.stale = max(last.stale, sample.staleOnScreen)
          result[result.count - 1] = merged
        } else {
          result.append(
            (position, sample.firstVisible, sample.lastVisible, sample.loaded, sample.staleOnScreen)
          )
        }
      }
    }
    return result
  }

  /// The intervals, in milliseconds, during which the user waited at a spinner.
  static func waits(_ trace: DemoTrace) -> [(start: Int, end: Int)] {
    var result: [(start: Int, end: Int)] = []
    var start: Int?
    for sample in trace.samples {
      if sample.waiting, start == nil { start = sample.milliseconds }
      if !sample.waiting, let begun = start {
        result.append((begun, sample.milliseconds))
        start = nil
      }
    }
    if let start { result.append((start, trace.milliseconds)) }
    return result.filter { $0.end > $0.start }
  }

  /// A request's mark: a dot, a triangle (duplicate), a cross (after the end), a square
  /// (failed) or a ring (cancelled).
  private static func mark(
    _ kind: DemoTrace.Request.Kind, x: Double, y: Double, color: String, testable: Bool
  ) -> String {
    let attribute = testable ? " class=\"request \(kind.rawValue)\"" : ""
    switch kind {
    case .useful:
      return "<circle\(attribute) cx=\"\(f(x))\" cy=\"\(f(y))\" r=\"3.5\" fill=\"\(color)\"/>"
    case .duplicate:
      return
        "<path\(attribute) d=\"M\(f(x)),\(f(y - 5)) L\(f(x + 4.5)),\(f(y + 3.5)) "
        + "L\(f(x - 4.5)),\(f(y + 3.5)) Z\" fill=\"\(color)\" fill-opacity=\"0.8\"/>"
    case .afterEnd:
      return
        "<path\(attribute) d=\"M\(f(x - 4)),\(f(y - 4)) L\(f(x + 4)),\(f(y + 4)) "
        + "M\(f(x - 4)),\(f(y + 4)) L\(f(x + 4)),\(f(y - 4))\" stroke=\"\(color)\" "
        + "stroke-width=\"1.8\" fill=\"none\"/>"
    case .failed:
      return
        "<rect\(attribute) x=\"\(f(x - 3.5))\" y=\"\(f(y - 3.5))\" width=\"7\" height=\"7\" "
        + "fill=\"\(color)\"/>"
    case .cancelled:
      return
        "<circle\(attribute) cx=\"\(f(x))\" cy=\"\(f(y))\" r=\"3.5\" fill=\"#ffffff\" "
        + "stroke=\"\(color)\" stroke-width=\"1.5\"/>"
    }
  }

  /// A coordinate with at most one decimal, without locale: `12`, `12.5`.
  private static func f(_ value: Double) -> String { Format.decimal(value) }

  /// Text escaped for XML.
  static func escape(_ text: String) -> String {
    var result = ""
    for character in text {
      switch character {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      default: result.append(character)
      }
    }
    return result
  }
}
