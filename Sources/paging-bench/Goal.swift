/// One goal of the report, checked against the figures of this run.
struct Goal: Codable, Sendable {
  /// What is measured.
  let name: String
  /// The bound, as text (`≤ 100 ns`).
  let target: String
  /// The figure this run measured, as text.
  let measured: String
  /// Whether the figure is within the bound.
  let met: Bool
  /// Why, in a sentence, when it matters.
  let note: String
}
