import Foundation

/// A scroll movement of the content offset over time: linear (a drag or an animated scroll)
/// or decaying exponentially (a fling).
struct Motion {
  enum Curve {
    case linear(Duration)
    /// Speed falls by a factor e every `timeConstant`.
    case decay(timeConstant: Duration)
  }

  /// The offset where the motion starts, in points.
  var from: Double
  /// How far it moves, in points: positive towards the end of the list.
  var distance: Double
  var curve: Curve

  /// The offset after `time` of unblocked motion.
  func offset(after time: Duration) -> Double {
    switch curve {
    case .linear(let duration):
      guard duration > .zero else { return from + distance }
      return from + distance * min(1, time / duration)
    case .decay(let timeConstant):
      return from + distance * (1 - exp(-(time / timeConstant)))
    }
  }

  /// Whether the motion is over after `time`: the duration has passed, or a fling has less
  /// than half a point left to go.
  func isFinished(after time: Duration) -> Bool {
    switch curve {
    case .linear(let duration): time >= duration
    case .decay(let timeConstant): abs(distance) * exp(-(time / timeConstant)) < 0.5
    }
  }
}
