/// One entry of CPython's release notes (the NEWS file): a row of the demo's feed.
///
/// The rows come from `Resources/release-notes.json`, which `Scripts/make_release_notes.py`
/// makes from Debian's `python3.11` package (`/usr/share/doc/python3.11/NEWS.gz`, PSF-2.0; see
/// `Resources/LICENSE-release-notes.txt`). The JSON keys are `id`, `released_at`, `version`,
/// `section`, `issue`, `title` and `body`.
package struct ReleaseNote: Codable, Identifiable, Sendable, Hashable {
  /// The row's id: unique, stable, 1-based in the order of the NEWS file.
  package var id: Int
  /// The release date as an ISO 8601 calendar date, `YYYY-MM-DD`, so that string order is date
  /// order. The loader rejects any other form.
  package var releasedAt: String
  /// The release in PEP 440 spelling, such as `3.11.2`, `3.11.0rc2`, `3.11.0b1` or `3.11.0a7`.
  package var version: String
  /// The NEWS heading the entry sits under, such as `Library` or `Core and Builtins`.
  package var section: String
  /// The tracker issue, `gh-NNN` (GitHub) or `bpo-NNN` (bugs.python.org), or `nil` when the
  /// entry names none.
  package var issue: String?
  /// The entry's first sentence in plain text, at most 160 characters (cut ones end with `…`).
  package var title: String
  /// The rest of the entry after the title, in plain text; empty when the entry is one
  /// sentence, and the whole entry when the title had to be cut.
  package var body: String

  /// Creates a note.
  /// - Parameters:
  ///   - id: The unique, stable id.
  ///   - releasedAt: The release date, `YYYY-MM-DD`.
  ///   - version: The release, in PEP 440 spelling.
  ///   - section: The NEWS heading.
  ///   - issue: `gh-NNN`, `bpo-NNN` or `nil`.
  ///   - title: The first sentence.
  ///   - body: The rest of the entry.
  package init(
    id: Int, releasedAt: String, version: String, section: String, issue: String?,
    title: String, body: String
  ) {
    self.id = id
    self.releasedAt = releasedAt
    self.version = version
    self.section = section
    self.issue = issue
    self.title = title
    self.body = body
  }

  /// The note's position in the feed: newest release first, ties by ascending id.
  package var feedKey: ReleaseNoteCursor { ReleaseNoteCursor(releasedAt: releasedAt, id: id) }

  /// The release line, `major.minor` (`3.11` for `3.11.0rc2`), in which the NEWS file lists
  /// releases newest first.
  package var releaseLine: Substring {
    let parts = version.split(separator: ".", maxSplits: 2)
    guard parts.count >= 2 else { return version[...] }
    return version[parts[0].startIndex..<parts[1].endIndex]
  }

  private enum CodingKeys: String, CodingKey {
    case id
    case releasedAt = "released_at"
    case version
    case section
    case issue
    case title
    case body
  }
}
