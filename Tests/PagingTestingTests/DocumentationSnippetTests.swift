import Foundation
import PagingTestSupport
import Testing

/// Every ```swift block of README.md and of the DocC articles is in a file of `.ci/snippets`, a
/// package outside ours that `.ci/snippets.sh` builds (and whose tests it runs) with public
/// access only; the SwiftUI ones are in `.ci/snippets/SwiftUI`, which
/// `.ci/typecheck-apple-glue.sh` type-checks against the stubs. A block is found when its lines,
/// with runs of white space made one space, appear in that order in one such file.
@Suite(
  "The docs' snippets are compiled from outside the package", .timeLimit(.minutes(minuteLimit)))
struct DocumentationSnippetTests {
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// A Markdown file's Swift blocks with the line each starts on.
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

  /// The Swift files of `.ci/snippets`, normalized.
  static func compiledSources() throws -> [String] {
    let base = root.appending(path: ".ci/snippets")
    guard let walker = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil)
    else { return [] }
    var texts: [String] = []
    for case let url as URL in walker {
      // The snippets package's own build folder is skipped by name, not by a "/.build/" in the
      // whole path: a checkout may itself sit in a build folder.
      if url.lastPathComponent == ".build" {
        walker.skipDescendants()
      } else if url.pathExtension == "swift" {
        texts.append(normalized(try String(contentsOf: url, encoding: .utf8)))
      }
    }
    return texts
  }

  /// README.md and every article of every DocC catalogue.
  static func documents() throws -> [URL] {
    var documents = [root.appending(path: "README.md")]
    let sources = root.appending(path: "Sources")
    let manager = FileManager.default
    for module in try manager.contentsOfDirectory(atPath: sources.path).sorted() {
      let catalogue = sources.appending(path: "\(module)/\(module).docc")
      guard let articles = try? manager.contentsOfDirectory(atPath: catalogue.path) else {
        continue
      }
      for article in articles.sorted() where article.hasSuffix(".md") {
        documents.append(catalogue.appending(path: article))
      }
    }
    return documents
  }

  @Test func everySwiftBlockOfTheReadmeAndTheArticlesIsInACompiledFile() throws {
    let sources = try Self.compiledSources()
    #expect(sources.count >= 15)
    var blocks = 0
    for document in try Self.documents() {
      let name = document.path.dropFirst(Self.root.path.count + 1)
      for block in Self.swiftBlocks(in: try String(contentsOf: document, encoding: .utf8)) {
        blocks += 1
        let code = Self.normalized(block.code)
        #expect(
          sources.contains { $0.contains(code) },
          "\(name) line \(block.line): this block is in no file of .ci/snippets: \(code.prefix(80))"
        )
      }
    }
    #expect(blocks >= 34)
  }

  @Test func aChangedLineIsNoticed() {
    let blocks = Self.swiftBlocks(in: "text\n```swift\nlet a = 1\n  let   b = 2\n```\nmore\n")
    #expect(blocks.map(\.line) == [3])
    #expect(Self.normalized(blocks[0].code) == "let a = 1\nlet b = 2")
    #expect(!"let a = 1\nlet b = 3".contains(Self.normalized(blocks[0].code)))
  }
}
