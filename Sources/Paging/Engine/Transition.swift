/// What one transition of a ``PagingStateMachine`` did, returned by it: the effects for the
/// driver, in order, and whether the shown items changed. Transitions that call others add up
/// their results; nothing is left in the machine's state between events.
@usableFromInline
struct Transition<Cursor: Hashable & Sendable>: Sendable {
  /// The effects to run, in order.
  @usableFromInline var effects: [PagingEffect<Cursor>] = []
  /// Whether the shown items changed (even to equal items).
  @usableFromInline var itemsChanged = false

  /// A transition with these effects.
  init(effects: [PagingEffect<Cursor>] = [], itemsChanged: Bool = false) {
    self.effects = effects
    self.itemsChanged = itemsChanged
  }

  /// A transition with one effect.
  init(_ effect: PagingEffect<Cursor>) { effects = [effect] }

  /// Nothing to do, nothing changed.
  static var none: Self { Self() }

  /// Adds what `other`, which followed, did.
  mutating func add(_ other: Self) {
    effects += other.effects
    itemsChanged = itemsChanged || other.itemsChanged
  }

  /// Adds one effect.
  mutating func add(_ effect: PagingEffect<Cursor>) { effects.append(effect) }
}
