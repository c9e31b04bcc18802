import Foundation

/// A value behind a lock, shared between tasks (`package`: the paginator, the test kit and the
/// demo's sources use it).
///
/// `Synchronization.Mutex` needs iOS 18 / macOS 15 and this package supports iOS 17 / macOS 14,
/// so this wraps Foundation's `NSLock`.
// @unchecked Sendable is safe: `value` is only read or written inside `withLock`, which holds
// `lock` for the whole access, and `Value` is Sendable, so what leaves the lock is safe to share.
package final class Locked<Value: Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Value

  package init(_ value: Value) { self.value = value }

  package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}
