extension ListSimulator {
  /// One callback the simulated list made.
  public struct Event: Hashable, Sendable, CustomStringConvertible {
    /// What happened.
    public enum Kind: Hashable, Sendable {
      /// Row `index`, showing item `id`, fired `onAppear`.
      case rowAppeared(index: Int, id: Feed.Item.ID)
      /// The row showing item `id`, last at `index`, fired `onDisappear`.
      case rowDisappeared(index: Int, id: Feed.Item.ID)
      /// The footer row fired `onAppear`, showing this state.
      case footerAppeared(ListFooterState)
      /// The footer row fired `onDisappear`.
      case footerDisappeared
    }

    /// When, since the simulator was created.
    public var time: Duration
    /// What happened.
    public var kind: Kind

    /// The time and the callback, for logs.
    public var description: String { "\(time) \(kind)" }
  }
}
