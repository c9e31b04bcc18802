/// One entry of the CPython release notes in the demo data
/// (`Sources/DemoSupport/Resources/release-notes.json`, PSF-2.0).
struct ReleaseNote: Identifiable, Hashable, Sendable, Decodable {
  /// The entry's position in the data set, from 1; stable, so it is also the keyset cursor.
  let id: Int
  /// The release date, `YYYY-MM-DD`.
  let releasedAt: String
  /// The CPython version, for example `3.11.2`.
  let version: String
  /// The changelog section, for example `Core and Builtins`.
  let section: String
  /// The issue reference, for example `gh-92173`; `nil` for the few entries without one.
  let issue: String?
  /// The one-line summary.
  let title: String
  /// The rest of the entry; often empty.
  let body: String

  private enum CodingKeys: String, CodingKey {
    case id, version, section, issue, title, body
    case releasedAt = "released_at"
  }
}
