import Foundation
import Paging

/// A stand-in for a feed server: serves the release notes in pages with a keyset cursor (the id
/// of the last note served), for the feed, the search (notes whose title contains the text) and
/// the chat (older pages before a note), and fails the next page on request so the app can
/// show the footer's Retry button.
actor ReleaseNotesServer {
  /// Why a page could not be served.
  enum Failure: Error, RetryableError, CustomStringConvertible {
    /// The data file is not where the app looked for it.
    case missingData(path: String)
    /// ``ReleaseNotesServer/failNextPage()`` asked for this failure.
    case injected

    var isRetryable: Bool {
      switch self {
      case .missingData: false
      case .injected: true
      }
    }

    var description: String {
      switch self {
      case .missingData(let path): "no release notes at \(path)"
      case .injected: "the server failed this page on purpose"
      }
    }
  }

  /// The server every screen of the app uses.
  static let shared = ReleaseNotesServer(url: defaultURL)

  /// `$RELEASE_NOTES_JSON`, or the demo data in this checkout (the app reads it in place, so it
  /// runs from the checkout: `swift run` on macOS, or the iOS Simulator from Xcode).
  static var defaultURL: URL {
    if let path = ProcessInfo.processInfo.environment["RELEASE_NOTES_JSON"] {
      return URL(fileURLWithPath: path)
    }
    var root = URL(fileURLWithPath: #filePath)
    for _ in 0..<5 { root.deleteLastPathComponent() }  // Examples/FeedApp/Sources/FeedApp/x.swift
    return root.appendingPathComponent("Sources/DemoSupport/Resources/release-notes.json")
  }

  private let url: URL
  private var notes: [ReleaseNote] = []
  private var positions: [Int: Int] = [:]
  private var failsNextPage = false

  init(url: URL) { self.url = url }

  /// Makes the next page request fail with ``Failure/injected``.
  func failNextPage() { failsNextPage = true }

  /// The page of `size` notes after the note with id `cursor` (`nil`: the first page), newest
  /// first; with `text`, of the notes whose title contains it (ignoring case), as a search
  /// endpoint pages its results.
  /// - Throws: ``Failure``, or the decoder's error for a malformed file.
  func page(after cursor: Int?, size: Int, matching text: String? = nil) throws
    -> Page<ReleaseNote, Int>
  {
    try failIfAsked()
    try loadIfNeeded()
    let notes: [ReleaseNote]
    if let text = text?.lowercased(), !text.isEmpty {
      notes = self.notes.filter { $0.title.lowercased().contains(text) }
    } else {
      notes = self.notes
    }
    let after = cursor.flatMap { id in notes.firstIndex { $0.id == id } }
    let start = after.map { $0 + 1 } ?? 0
    let end = min(start + size, notes.count)
    let items = start < end ? Array(notes[start..<end]) : []
    return Page(items: items, nextCursor: end < notes.count ? items.last?.id : nil)
  }

  /// The chat's page: the `size` notes older than the note with id `cursor` (`nil`: the newest
  /// page), oldest first, as a chat's history is; the page's previous cursor is its oldest
  /// note, until the first note of all.
  /// - Throws: ``Failure``, or the decoder's error for a malformed file.
  func page(before cursor: Int?, size: Int) throws -> Page<ReleaseNote, Int> {
    try failIfAsked()
    try loadIfNeeded()
    // The notes are newest first: the notes older than `cursor` come after it.
    let start = cursor.flatMap { positions[$0].map { $0 + 1 } } ?? 0
    let end = min(start + size, notes.count)
    let items = start < end ? Array(notes[start..<end].reversed()) : []
    return Page(
      items: items, nextCursor: nil, previousCursor: end < notes.count ? items.first?.id : nil)
  }

  private func failIfAsked() throws {
    if failsNextPage {
      failsNextPage = false
      throw Failure.injected
    }
  }

  private func loadIfNeeded() throws {
    guard notes.isEmpty else { return }
    guard let data = FileManager.default.contents(atPath: url.path) else {
      throw Failure.missingData(path: url.path)
    }
    notes = try JSONDecoder().decode([ReleaseNote].self, from: data)
    positions = Dictionary(notes.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { a, _ in a })
  }
}
