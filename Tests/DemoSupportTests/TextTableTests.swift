import DemoSupport
import Testing

import var PagingTestSupport.minuteLimit

@Suite("TextTable and TerminalStyle", .timeLimit(.minutes(minuteLimit)))
struct TextTableTests {
  private let table = TextTable(
    columns: [.init("feed"), .init("requests", alignment: .right)],
    rows: [["naive onAppear", "41"], ["Paginator", "7"]])

  @Test("plain: aligned columns, a rule, no trailing spaces")
  func plain() {
    #expect(
      table.render()
        == """
        feed            requests
        --------------  --------
        naive onAppear        41
        Paginator              7

        """)
  }

  @Test("ANSI: bold header and dim rule, cells unstyled")
  func ansi() {
    #expect(
      table.render(style: .ansi)
        == "\u{1B}[1mfeed            requests\u{1B}[0m\n"
        + "\u{1B}[2m--------------  --------\u{1B}[0m\n"
        + "naive onAppear        41\n"
        + "Paginator              7\n")
  }

  @Test("short rows are padded, extra cells form headerless columns, line breaks become spaces")
  func raggedRowsAndLineBreaks() {
    let ragged = TextTable(
      columns: [.init("a"), .init("b")], rows: [["x"], ["1", "2", "extra"], ["two\nlines"]])
    #expect(
      ragged.render()
        == """
        a          b
        ---------  -  -----
        x
        1          2  extra
        two lines

        """)
  }

  @Test("no rows: header and rule only")
  func empty() {
    #expect(TextTable(columns: [.init("id", alignment: .right)]).render() == "id\n--\n")
  }

  @Test(
    "ANSI only on a terminal without NO_COLOR and with a capable TERM",
    arguments: [
      (true, [:], TerminalStyle.ansi),
      (true, ["TERM": "xterm-256color"], .ansi),
      (false, [:], .plain),
      (true, ["NO_COLOR": "1"], .plain),
      (true, ["NO_COLOR": ""], .ansi),
      (true, ["TERM": "dumb"], .plain),
    ] as [(Bool, [String: String], TerminalStyle)])
  func styleForStandardOutput(
    isTerminal: Bool, environment: [String: String], expected: TerminalStyle
  ) {
    #expect(
      TerminalStyle.forStandardOutput(isTerminal: isTerminal, environment: environment)
        == expected)
  }
}
