import Foundation
import Paging

/// Tells the lists of this process that another source over the same cached list changed what
/// they show: SQLite does not tell one connection of another's commits, so every
/// ``CachedPageSource`` posts here after a commit that replaces or edits a list's rows (a
/// refresh, a local edit), and the others over the same file and list check the cache and
/// invalidate (rulebook R30). A page appended or prepended is not posted: it changes no row a
/// list shows, and a list that scrolls there reads it from the cache. Another process's
/// commits are found by polling `PRAGMA data_version` instead (the `pollInterval` of
/// ``CachedPageSource/paginator(configuration:clock:pollInterval:)``).
package final class CacheChangeCenter: Sendable {
  /// The process's one center.
  package static let shared = CacheChangeCenter()

  private let observers = Locked<[String: [ObjectIdentifier: @MainActor @Sendable () -> Void]]>(
    [:])

  /// The key of the list named `list` in the file at `path`: the same file reached by another
  /// path (a symbolic link, a relative path) has the same key.
  /// - Parameters:
  ///   - path: The database's path.
  ///   - list: The list's name.
  package static func key(path: String, list: String) -> String {
    URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path + "\n" + list
  }

  /// Runs `action` on the main actor whenever another observer of `key` posts; replaces an
  /// earlier action of the same observer.
  /// - Parameters:
  ///   - key: The list (``key(path:list:)``).
  ///   - observer: Who observes; its own posts do not reach it.
  ///   - action: What to run.
  package func observe(
    _ key: String, by observer: ObjectIdentifier,
    _ action: @escaping @MainActor @Sendable () -> Void
  ) {
    observers.withLock { $0[key, default: [:]][observer] = action }
  }

  /// Stops `observer`'s observation of `key`.
  package func stopObserving(_ key: String, by observer: ObjectIdentifier) {
    observers.withLock { observers in
      observers[key]?[observer] = nil
      if observers[key]?.isEmpty == true { observers[key] = nil }
    }
  }

  /// Runs the actions of every other observer of `key`, before it returns.
  /// - Parameters:
  ///   - key: The list that changed.
  ///   - writer: The observer that changed it, which is not told.
  /// - Complexity: O(*n*) for *n* observers of `key`, and what their actions do.
  @MainActor package func post(_ key: String, from writer: ObjectIdentifier) {
    let actions = observers.withLock { observers in
      (observers[key] ?? [:]).filter { $0.key != writer }.map(\.value)
    }
    for action in actions { action() }
  }
}
