import Foundation

/// A counter that `@Sendable` callbacks (observation's `onChange`) can bump.
// @unchecked Sendable is safe: `value` is only touched while `lock` is held.
final class Counter: @unchecked Sendable {
  private let lock = NSLock()
  private var count = 0

  var value: Int { lock.withLock { count } }

  func increment() { lock.withLock { count += 1 } }
}
