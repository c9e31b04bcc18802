/// The guarded code's `isLoading` flag, as apps keep it: set inside the load's task, so that
/// triggers that come before the task runs all pass the guard (fault class 2), and cleared
/// one layout pass after the page lands, as code does that clears it after anything the
/// update awaits (an animation, `MainActor.run`, a cache write): a new last row that appears
/// with its own page finds the flag still set, and its trigger is dropped (fault class 13).
struct LoadingFlag {
  /// Whether the guard sees a load in flight.
  private(set) var isSet = false
  private var clearsAfterLayout = false

  /// The load's task began.
  mutating func loadBegan() { isSet = true }

  /// The load ended (its page applied, or its error kept): the flag clears after the next
  /// layout pass.
  mutating func loadEnded() { clearsAfterLayout = true }

  /// A layout pass ended: clears the flag if a load ended before it.
  mutating func layoutPassed() {
    guard clearsAfterLayout else { return }
    clearsAfterLayout = false
    isSet = false
  }
}
