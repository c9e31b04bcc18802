import Foundation
import Testing

/// Every ```swift block of README.md is compiled somewhere: in a test target (run or
/// compile-only, `ReadmeSnippets.swift`), or, for SwiftUI, in `.ci/readme-snippets`, which
/// `.ci/typecheck-apple-glue.sh` type-checks against the stubs. A block is found when its
/// lines, with runs of white space made one space, appear in that order in one such file.
@Suite("README's snippets are compiled")
struct ReadmeSnippetTests {
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The README's Swift blocks with the line each starts on.
  static func swiftBlocks(in text: String) -> [(line: Int, code: String)] {
    var blocks: [(line: Int, code: String)] = []
    var current: [String]?
    var start = 0
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
    {
      if current == nil, line.hasPrefix("```swift") {
        current = []
        start = index + 2
      } else if let lines = current, line.hasPrefix("```") {
        blocks.append((start, lines.joined(separator: "\n")))
        current = nil
      } else {
        current?.append(String(line))
      }
    }
    return blocks
  }

  /// Lines trimmed, white space runs folded, empty lines dropped, joined by newlines.
  static func normalized(_ text: String) -> String {
    text.split(separator: "\n").map {
      $0.split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
    }.filter { !$0.isEmpty }.joined(separator: "\n")
  }

  /// The files a snippet may be compiled in.
  static func compiledSources() throws -> [String] {
    let manager = FileManager.default
    var texts: [String] = []
    for folder in ["Tests", ".ci/readme-snippets", "Examples"] {
      let base = root.appending(path: folder)
      guard let walker = manager.enumerator(at: base, includingPropertiesForKeys: nil) else {
        continue
      }
      for case let url as URL in walker where url.pathExtension == "swift" {
        texts.append(normalized(try String(contentsOf: url, encoding: .utf8)))
      }
    }
    return texts
  }

  @Test func everySwiftBlockOfTheReadmeIsInACompiledFile() throws {
    let readme = try String(contentsOf: Self.root.appending(path: "README.md"), encoding: .utf8)
    let blocks = Self.swiftBlocks(in: readme)
    #expect(blocks.count >= 4)
    let sources = try Self.compiledSources()
    #expect(sources.count > 50)
    for block in blocks {
      let code = Self.normalized(block.code)
      #expect(
        sources.contains { $0.contains(code) },
        "README.md line \(block.line): this block is in no compiled file (Tests, .ci/readme-snippets, Examples): \(code.prefix(80))"
      )
    }
  }

  @Test func aChangedLineIsNoticed() {
    let blocks = Self.swiftBlocks(in: "text\n```swift\nlet a = 1\n  let   b = 2\n```\nmore\n")
    #expect(blocks.map(\.line) == [3])
    #expect(Self.normalized(blocks[0].code) == "let a = 1\nlet b = 2")
    #expect(!"let a = 1\nlet b = 3".contains(Self.normalized(blocks[0].code)))
  }
}
