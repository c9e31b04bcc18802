// What tests and tools read of a machine's state, derived from its edges (package only).

extension PagingStateMachine {
  /// The cursor of the next append (`nil` at the end or before the first page).
  package var nextCursor: Cursor? { append.chain.cursor }
  /// The cursor of the next prepend (`nil` at the start or before the first page).
  package var previousCursor: Cursor? { prepend.chain.cursor }
  /// The refresh in flight, if any.
  package var refreshRequest: PageRequest<Cursor>? { refresh.request }
  /// The prepend in flight, if any.
  package var prependRequest: PageRequest<Cursor>? { prepend.activity.request }
  /// The append in flight, if any.
  package var appendRequest: PageRequest<Cursor>? { append.activity.request }
}
