import Foundation
import Paging
import PagingSQLite
import PagingTesting

/// A row with an integer id and a title an edit can change. A row titled "unencodable" fails
/// to encode, as a write that fails part-way.
struct Row: Identifiable, Sendable, Hashable, Codable {
  let id: Int
  var title = ""

  init(id: Int, title: String = "") {
    self.id = id
    self.title = title
  }

  func encode(to encoder: any Encoder) throws {
    guard title != "unencodable" else {
      throw EncodingError.invalidValue(title, .init(codingPath: [], debugDescription: "test"))
    }
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(title, forKey: .title)
  }
}

/// Rows with ids in `range`.
func rows(_ range: Range<Int>) -> [Row] { range.map { Row(id: $0) } }

/// An error the network source throws in tests.
struct Offline: Error, Equatable, RetryableError {
  var isRetryable = true
  var retryAfter: Duration? = nil
}

/// The network source of the tests: its cursors are strings, so they never pass for the
/// cache's page places.
typealias Network = ScriptedPageSource<Row, String>

/// A fixed wall clock the tests move by hand.
final class WallClock: Sendable {
  private let time = Locked(Date(timeIntervalSince1970: 1_700_000_000))
  var now: Date { time.withLock { $0 } }
  func advance(by seconds: TimeInterval) { time.withLock { $0 += seconds } }
  var function: @Sendable () -> Date { { self.now } }
}

/// A folder of its own under the temporary folder, removed when the test ends.
final class TemporaryFolder {
  let path: String

  init() throws {
    path =
      FileManager.default.temporaryDirectory
      .appendingPathComponent("paging-sqlite-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  deinit {
    try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
    try? FileManager.default.removeItem(atPath: path)
  }

  /// The path of `name` in the folder.
  func file(_ name: String = "cache.sqlite") -> String { path + "/" + name }
}

/// A network that is down: every request fails at once with ``Offline``, and is recorded, so a
/// test that expects no request fails instead of waiting for an answer.
final class DownNetwork: PageSource, Sendable {
  private let log = Locked<[PageRequest<String>]>([])

  /// Every request so far.
  var requests: [PageRequest<String>] { log.withLock { $0 } }

  func loadPage(_ request: PageRequest<String>) async throws -> Page<Row, String> {
    log.withLock { $0.append(request) }
    throw Offline()
  }
}
